/** The largest id a `serial` column holds: PostgreSQL refuses a larger number outright (an error, not no row). */
export const maxRowId = 2_147_483_647;

/** A row's id as an address or a form gives it, or undefined when the text cannot name a row. */
export function rowId(text: unknown): number | undefined {
  if (typeof text !== "string" || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= maxRowId ? id : undefined;
}
