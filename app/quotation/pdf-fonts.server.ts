import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import * as fontkit from "fontkit";
import type PDFDocument from "pdfkit";
import { plainLineEnds } from "#app/lib/text.ts";

const require = createRequire(import.meta.url);
// DejaVu Sans covers Latin, Greek, Cyrillic, Arabic, Hebrew and the symbols a parts list uses (±, ×, µ, °, Ø,
// ⌀); UnifontEX has a glyph for every other character in use, CJK and emoji among them (ADR 0015).
const files = {
  body: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
  fallback: require.resolve("@fontsource/unifontex/files/unifontex-latin-400-normal.woff"),
};

export type FontName = "body" | "bold";
type Doc = InstanceType<typeof PDFDocument>;
type Font = fontkit.Font;

const opened = new Map<FontName, Font>();
function dejaVu(name: FontName): Font {
  const font = opened.get(name) ?? (fontkit.openSync(files[name]) as Font);
  opened.set(name, font);
  return font;
}

/**
 * The font's tables, inflated once into a plain TrueType file: fontkit reads a WOFF file by inflating a
 * whole table on every glyph it looks up, which made a quotation with one Chinese word take 8 seconds.
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  const tables: Buffer[] = [];
  let offset = header.length;
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const start = woff.readUInt32BE(entry + 4);
    const stored = woff.subarray(start, start + woff.readUInt32BE(entry + 8));
    const data = stored.length < woff.readUInt32BE(entry + 12) ? zlib.inflateSync(stored) : stored;
    const record = 12 + i * 16;
    woff.copy(header, record, entry, entry + 4);
    header.writeUInt32BE(woff.readUInt32BE(entry + 16), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    tables.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([header, ...tables]);
}

// Joiners, variation selectors and the like draw nothing in any font (fontkit hides them); spaces and line
// breaks never reach a font.
const drawsNothing = /^[\p{Default_Ignorable_Code_Point}\s]$/u;
const lacks = (font: Font, char: string) =>
  !drawsNothing.test(char) && !font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
const codePointLabel = (char: string) =>
  `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}]`;

/**
 * Registers the quotation's fonts on a document and answers, for any text, the font to print it in and
 * the text to print: DejaVu when it has every character, else the fallback font; a character neither has
 * prints as its code point ("[U+E000]"), never as an empty box. One font per piece of text, because a
 * pdfkit table cell takes one font.
 */
export function quotationFonts(doc: Doc) {
  // Registered as fontkit fonts, not files: a table cell puts the document's font back after its text,
  // and pdfkit reads and parses a font given by its file again each time (60 lines took 10 seconds).
  const register = (name: string, font: Font) => doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
  register("body", dejaVu("body"));
  register("bold", dejaVu("bold"));
  let fallback: Font | undefined;
  const fallbackFont = () => {
    if (!fallback) {
      // Read only for a quotation that needs it: the unpacked font takes 14 MB of memory.
      fallback = fontkit.create(sfntFromWoff(fs.readFileSync(files.fallback))) as Font;
      register("fallback", fallback);
    }
    return fallback;
  };
  return function printable(typed: string, name: FontName): { font: FontName | "fallback"; text: string } {
    // A browser's text box sends CRLF; pdfkit breaks lines at LF only and would draw each CR as a box.
    const text = plainLineEnds(typed);
    const chars = Array.from(text);
    const primary = dejaVu(name);
    const missing = chars.filter((char) => lacks(primary, char)).length;
    if (missing === 0) return { font: name, text };
    const extra = fallbackFont();
    const useExtra = chars.filter((char) => lacks(extra, char)).length < missing;
    const chosen = useExtra ? extra : primary;
    const shown = chars.map((char) => (lacks(chosen, char) ? codePointLabel(char) : char)).join("");
    return { font: useExtra ? "fallback" : name, text: shown };
  };
}

export type Printable = ReturnType<typeof quotationFonts>;
