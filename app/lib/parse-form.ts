import { parse } from "@conform-to/react";
import type * as z from "zod/mini";

/** Conform's names for nested fields: lines[0].part. */
const fieldName = (path: PropertyKey[]) =>
  path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    "",
  );

/**
 * Reads a form submission with a shared schema, in the browser and on the server alike.
 * Empty fields count as not sent. (Conform's zod adapter would bring the whole of zod to the browser.)
 */
export function parseForm<Schema extends z.ZodMiniType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parse<z.output<Schema>, string[]>(formData, {
    resolve(payload) {
      const present = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== ""));
      const result = schema.safeParse(present);
      if (result.success) return { value: result.data as z.output<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = fieldName(issue.path);
        error[name] = [...(error[name] ?? []), issue.message];
      }
      return { error };
    },
  });
}

/** The same rule for what leaves the browser: fields left empty are not sent (spec §5). */
export function dropEmptyFields(formData: FormData) {
  for (const [name, value] of [...formData]) if (value === "") formData.delete(name);
  return formData;
}

/** Which fields the browser must insist on before scripts load (the required attribute). */
export function requiredFields(schema: z.ZodMiniObject) {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      { required: field._zod.optin !== "optional" && field._zod.def.type !== "default" },
    ]),
  );
}
