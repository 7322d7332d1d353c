import "#app/lib/react-init.ts";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { PreparedRouter, prepareRouter } from "#app/lib/hydrated-router.tsx";

prepareRouter().then((prepared) =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <PreparedRouter prepared={prepared} />
      </StrictMode>,
    );
  }),
);
