import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The online quotation's tables refer to quotes and quotations, so they sit beside them, not inside the barrel.
  schema: ["./db/schema.ts", "./db/quotation-online-schema.ts"],
  out: "./drizzle",
});
