// Text as people paste it, made safe to keep and to show: one rule for the form, the desk and the mail.

/**
 * Characters nobody types: NUL and other control characters (tab and line breaks aside), unpaired
 * surrogates (never valid text; the database refuses NUL outright) and the replacement character a
 * broken encoding leaves behind. Pasting from PDFs and spreadsheets brings them in unseen, so they are
 * turned into spaces rather than refused; a field left with nothing else is then reported as empty.
 */
const unreadable = /(?![\t\n\r])\p{Cc}|\p{Cs}|\uFFFD/gu;
export const cleanText = (value: string) => value.replace(unreadable, " ");

/**
 * Line ends as LF only. A browser's text box sends CRLF, and so does mail; text stored that way (sent
 * revisions are never rewritten) is read through this wherever its lines matter.
 */
export const plainLineEnds = (value: string) => value.replace(/\r\n?/g, "\n");

/**
 * Direction controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the LRM, RLM and
 * ALM marks) turn the text after them around wherever it is shown: a file named `invoice` + U+202E +
 * `fdp.exe` reads as `invoiceexe.pdf`.
 * Kept out of what we write where nothing can isolate them (file names, mail headers).
 */
const bidiControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
export const stripBidiControls = (value: string) => value.replace(bidiControls, "");
