import { randomInt } from "node:crypto";

// Crockford base32: no I, L, O or U, so a reference read out over the phone is unambiguous.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const referencePattern = /^Q-\d{6}-[0-9A-HJKMNP-TV-Z]{5}$/;

const londonDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "2-digit",
  month: "2-digit",
  day: "2-digit",
});

/** Q-YYMMDD-XXXXX, dated in UK time: short enough to quote on the phone, and sortable by day. */
export function newReference(now = new Date()) {
  const parts = londonDate.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  let suffix = "";
  for (let i = 0; i < 5; i++) suffix += crockford[randomInt(crockford.length)];
  return `Q-${part("year")}${part("month")}${part("day")}-${suffix}`;
}
