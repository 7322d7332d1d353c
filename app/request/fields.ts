import { quoteCategories, urgencies } from "#app/content/quote-request.ts";

// What a buyer tells us in a quote request, field by field: the one list the form's checks
// (app/quote/schema.ts), the stored columns, the double-submit key, the sales notification, the form
// service's copy, the CSV and the operator command are all made from. A field added here and to the form's
// schema reaches every one of them; the compiler names any place that lists fields by hand.

export const categoryLabel = (value: string | null | undefined) =>
  quoteCategories.find((c) => c.value === value)?.label ?? "Not specified";
export const urgencyLabel = (value: string) => urgencies.find((u) => u.value === value)?.label ?? value;

type FieldInfo = {
  name: string;
  /** How staff see it named: the notification, the CSV's heading, the operator command. */
  label: string;
  /** The buyer may leave it out: it is then stored as null. */
  optional: boolean;
  /** Several lines of the buyer's own words: shown under the other fields rather than beside a label. */
  long?: boolean;
  /** How its value reads to staff, where that is not the value itself. */
  text?: (value: string | null) => string;
};

/** In the form's order. */
export const requestFields = [
  { name: "customerName", label: "Name", optional: false },
  { name: "email", label: "E-mail", optional: false },
  { name: "company", label: "Company", optional: true },
  { name: "phone", label: "Phone", optional: true },
  { name: "category", label: "Category", optional: true, text: categoryLabel },
  { name: "requirements", label: "Requirements", optional: false, long: true },
  { name: "urgency", label: "Urgency", optional: false, text: (value) => urgencyLabel(value ?? "") },
] as const satisfies readonly FieldInfo[];

export type RequestField = (typeof requestFields)[number]["name"];

/** A request's fields as stored (and as the desk and the outbox read them back): absent ones are null. */
export type RequestValues = {
  [F in (typeof requestFields)[number] as F["name"]]: F["optional"] extends true ? string | null : string;
};

type Field = (typeof requestFields)[number];

/**
 * The fields in another order than the form's, where one is wanted (the CSV's). Every field must be
 * named: one left out is a type error that names it.
 */
export function inOrder<const Names extends readonly RequestField[]>(
  names: Names &
    ([Exclude<RequestField, Names[number]>] extends [never]
      ? unknown
      : { missing: Exclude<RequestField, Names[number]> }),
): Field[] {
  return names.flatMap((name) => requestFields.filter((field) => field.name === name));
}

type LongField = Extract<Field, { long: true }>;
const isLong = (field: Field): field is LongField => "long" in field;

/** The fields that sit beside a label (all but the long ones), in order. */
export const labelledFields = requestFields.filter((field) => !isLong(field));
/** The buyer's own words, shown under the others. */
export const longFields = requestFields.filter(isLong);

/** A field's value as staff read it; `missing` stands for one the buyer left out. */
export function fieldText(field: Field, values: Partial<Record<RequestField, string | null>>, missing: string) {
  const value = values[field.name] ?? null;
  if ("text" in field) return field.text(value);
  return value || missing;
}
