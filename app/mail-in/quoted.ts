import { plainLineEnds } from "#app/lib/text.ts";

const quoteHeader = [/^On .{4,300}wrote:\s*$/, /^-{2,}\s*Original Message\s*-{2,}\s*$/i, /^_{20,}\s*$/];

// Outlook introduces the e-mail it quotes with its headers alone, no separator line: "From: …", "Sent: …"
// (or "Date: …"), "To: …", "Cc: …", "Subject: …", each on a line, sometimes in bold (*From:*) as text.
const outlookField = /^\*?(From|Sent|Date|To|Cc|Subject)\s*:\*?\s/i;
const outlookFrom = /^\*?From\s*:\*?\s+\S/i;

/** Whether an Outlook header block starts at this line: From, then Sent or Date and a Subject, before a blank line. */
function startsOutlookHeaders(lines: string[], at: number) {
  if (!outlookFrom.test(lines[at]?.trim() ?? "")) return false;
  const block: string[] = [];
  for (const line of lines.slice(at + 1, at + 7)) {
    if (!outlookField.test(line.trim())) break;
    block.push(line.trim().replace(/^\*/, "").toLowerCase());
  }
  return block.some((line) => /^(sent|date)\s*:/.test(line)) && block.some((line) => /^subject\s*:/.test(line));
}

/**
 * Splits a reply into what the buyer wrote now and the earlier e-mails their mail program quoted below
 * it, so a long conversation reads as one thread rather than as copies of itself.
 */
export function splitQuoted(text: string) {
  const lines = plainLineEnds(text).split("\n");
  // Where the run of quoted (">") and blank lines that ends the message starts, found once: checking the rest
  // of the message again at every ">" line took a minute for a reply of 50,000 of them.
  let quotedTail = lines.length;
  while (quotedTail > 0 && (lines[quotedTail - 1]?.startsWith(">") || lines[quotedTail - 1]?.trim() === ""))
    quotedTail--;
  const at = lines.findIndex(
    (line, i) =>
      quoteHeader.some((pattern) => pattern.test(line.trim())) ||
      startsOutlookHeaders(lines, i) ||
      (line.startsWith(">") && i >= quotedTail),
  );
  if (at <= 0) return { fresh: text.trim(), quoted: "" };
  return { fresh: lines.slice(0, at).join("\n").trim(), quoted: lines.slice(at).join("\n").trim() };
}
