const quoteHeader = [/^On .{4,300}wrote:\s*$/, /^-{2,}\s*Original Message\s*-{2,}\s*$/i, /^_{20,}\s*$/];

/**
 * Splits a reply into what the buyer wrote now and the earlier e-mails their mail program quoted below
 * it, so a long conversation reads as one thread rather than as copies of itself.
 */
export function splitQuoted(text: string) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const at = lines.findIndex(
    (line, i) =>
      quoteHeader.some((pattern) => pattern.test(line.trim())) ||
      (line.startsWith(">") && lines.slice(i).every((rest) => rest.startsWith(">") || rest.trim() === "")),
  );
  if (at <= 0) return { fresh: text.trim(), quoted: "" };
  return { fresh: lines.slice(0, at).join("\n").trim(), quoted: lines.slice(at).join("\n").trim() };
}
