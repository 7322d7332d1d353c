import * as z from "zod/mini";
import { quoteFieldsSchema, quoteFieldsWithGuardsSchema } from "#app/quote/schema.ts";

/** The optional parts list: what a buyer copies from a spreadsheet or a works order. */
export const partsLimits = { lines: 50, part: 200, brand: 80, quantity: 99_999 } as const;

export const partsMessages = {
  part: "Enter a part number or description on this line",
  quantity: `Enter a whole number from 1 to ${partsLimits.quantity}`,
  tooMany: `Send up to ${partsLimits.lines} lines; put the rest in Requirements or attach your list`,
} as const;

export type PartsLine = { part: string; quantity: number; brand?: string };

const oneLine = (value: string) => value.replace(/[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\uFFFD]+/gu, " ").trim();

const rawLine = z.object({
  part: z.optional(z.string()),
  quantity: z.optional(z.string()),
  brand: z.optional(z.string()),
});

/**
 * One line as the form sends it. A line left entirely blank (the form always shows one) is dropped,
 * so a request without a parts list is exactly the request it was before.
 */
const lineSchema = z.pipe(
  z.optional(rawLine),
  z.transform((raw, ctx): PartsLine | null => {
    const part = oneLine(raw?.part ?? "");
    const brand = oneLine(raw?.brand ?? "");
    const quantityText = (raw?.quantity ?? "").trim();
    if (!part && !brand && (quantityText === "" || quantityText === "1")) return null;
    const issue = (path: string, message: string) =>
      ctx.issues.push({ code: "custom", message, input: raw, path: [path] });
    if (!part) issue("part", partsMessages.part);
    else if (part.length > partsLimits.part) issue("part", `Keep each part under ${partsLimits.part} characters`);
    if (brand.length > partsLimits.brand) issue("brand", `Keep the brand under ${partsLimits.brand} characters`);
    const quantity = quantityText === "" ? 1 : /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    if (!(quantity >= 1 && quantity <= partsLimits.quantity)) issue("quantity", partsMessages.quantity);
    return brand ? { part, quantity, brand } : { part, quantity };
  }),
);

/** The `lines` field of the quote form, shared by the browser and the server. */
export const linesSchema = z.pipe(
  z.optional(z.array(lineSchema).check(z.maxLength(partsLimits.lines, partsMessages.tooMany))),
  z.transform((lines) => (lines ?? []).filter((line): line is PartsLine => line !== null)),
);

/** The quote form as the browser checks it: the request's fields and the optional parts list. */
export const quoteFieldsWithLinesSchema = z.extend(quoteFieldsSchema, { lines: linesSchema });
/** The same with the hidden fields, as the server reads it. */
export const quoteFieldsWithLinesAndGuardsSchema = z.extend(quoteFieldsWithGuardsSchema, { lines: linesSchema });
