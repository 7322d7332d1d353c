import { startTransition, useCallback, useEffect, useState } from "react";

/** Answers a freshly signed form token (`{ token }`); never cached. */
export const FORM_TOKEN_PATH = "/form-token";

/** What the prerendered page carries, identical for everyone; sent as is when scripts never run. */
export const STATIC_FORM_TOKEN = "prerendered-form";

const localToken = () => crypto.randomUUID().replaceAll("-", "");

/**
 * The quote form's token. Once the form comes alive it asks the server for a signed one, which tells
 * the server how long the form was open; until it arrives (or if it never does) a random local token
 * still keeps each form's submissions apart. `renew` starts a new form after a sent request.
 */
export function useFormToken() {
  const [token, setToken] = useState(STATIC_FORM_TOKEN);
  const renew = useCallback(() => {
    // A new token changes nothing the buyer sees: the form re-renders in slices, never in one long task.
    startTransition(() => setToken(localToken()));
    fetch(FORM_TOKEN_PATH, { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: { token?: unknown } | undefined) => {
        const signed = body?.token;
        if (typeof signed === "string") startTransition(() => setToken(signed));
      })
      // Without a signed token the request still reaches sales, flagged as possible spam.
      .catch(() => {});
  }, []);
  useEffect(renew, [renew]);
  return [token, renew] as const;
}
