import sharp from "sharp";
import { validQuote } from "#test/server.ts";

/** The smallest file the sniffer takes for a PDF drawing. */
export const samplePdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** A photo as it leaves a phone: camera make and the GPS position of the site in its EXIF. Noise makes it
 * compress as badly as a real photo does. */
export function phonePhoto(width: number, height: number, { noise = false } = {}) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#777",
      ...(noise ? { noise: { type: "gaussian" as const, mean: 128, sigma: 40 } } : {}),
    },
  })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 40/1 0/1" } })
    .toBuffer();
}

export type UploadPart = { name: string; bytes: Uint8Array; type?: string };

/** A valid quote form carrying the given files, as the form's script posts it to /quote/send. */
export function uploadForm(
  files: UploadPart[],
  extra: Record<string, string> = {},
  token = `t${Math.random().toString(36).slice(2, 12)}`,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...validQuote, formToken: token, ...extra })) body.append(name, value);
  for (const file of files) {
    body.append(
      "attachments",
      new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  }
  return body;
}
