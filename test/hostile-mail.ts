import { deflateRawSync } from "node:zlib";
import { samplePdf } from "#test/uploads.ts";

/**
 * Raw MIME written by hand, as a broken or hostile sender's program writes it: NULs, bidi controls and
 * limits no mail library would let through.
 */
export function rawMail(headers: string[], body: string | Buffer) {
  return Buffer.concat([Buffer.from(`${headers.join("\r\n")}\r\n\r\n`, "utf8"), Buffer.from(body)]);
}

const base64Lines = (bytes: Buffer) => (bytes.toString("base64").match(/.{1,76}/g) ?? []).join("\r\n");

/** A part of a multipart/mixed body: an attachment in base64 with a filename header as given. */
export const filePart = (disposition: string, type: string, bytes: Buffer) =>
  [
    `Content-Type: ${type}`,
    `Content-Disposition: ${disposition}`,
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(bytes),
  ].join("\r\n");

export const textPart = (text: string) => ["Content-Type: text/plain; charset=utf-8", "", text].join("\r\n");

export function multipart(boundary: string, parts: string[]) {
  return `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\n`;
}

/** A PDF of the given size that the upload rules keep (a real one's header, padding after). */
export const paddedPdf = (bytes: number) =>
  Buffer.concat([samplePdf, Buffer.alloc(Math.max(0, bytes - samplePdf.length), 0x20)]);

/**
 * The buyer's answer whose refused attachment is named with a NUL (RFC 2231: filename*=utf-8''a%00b.zip)
 * and whose Message-ID holds one, raw or RFC 2047-encoded, beside PDFs that are kept.
 */
export function nulAnswer(reference: string, { encodedId = false, pdfs = 2, from = "dana@works.example" } = {}) {
  const id = encodedId ? "=?utf-8?Q?<nul=00id@works.example>?=" : "<nul\u0000id@works.example>";
  const files = Array.from({ length: pdfs }, (_, i) =>
    filePart(`attachment; filename="drawing-${i + 1}.pdf"`, "application/pdf", paddedPdf(64 * 1024)),
  );
  return rawMail(
    [
      `From: Dana =?utf-8?B?${Buffer.from("Fit\u0000ter").toString("base64")}?= <${from}>`,
      "To: sales@wrekin-mro.example",
      `Subject: Re: ${reference} =?utf-8?Q?drawings=00attached?=`,
      `Message-ID: ${id}`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b1"',
    ],
    multipart("b1", [
      textPart("Drawings attached\u0000 as promised."),
      ...files,
      filePart("attachment; filename*=utf-8''a%00b.zip", "application/zip", Buffer.from("PK\u0003\u0004 not really")),
    ]),
  );
}

/** NUL, bidi overrides and lone surrogates (as RFC 2047 words) in every header that carries text. */
export function bidiEverywhere(reference: string, n: number) {
  const rlo = "\u202E";
  const word = (text: string) => `=?utf-8?B?${Buffer.from(text).toString("base64")}?=`;
  return rawMail(
    [
      `From: ${word(`${rlo}evil\u0000 name`)} <bidi${n}@works.example>`,
      "To: sales@wrekin-mro.example",
      `Subject: ${word(`Re: ${reference} ${rlo}fdp.exe\u0000\u2066x\u2069`)}`,
      `Message-ID: <bidi-${n}-${rlo}@works.example>`,
      `In-Reply-To: <${rlo}\u0000@works.example>`,
      `References: ${word(`<\u0000${rlo}>`)}`,
      `X-Note: ${rlo}\u0000\ud800`,
      "MIME-Version: 1.0",
      `Content-Type: multipart/mixed; boundary="b${rlo}"`,
    ],
    multipart(`b${rlo}`, [
      textPart(`Body ${rlo} with a bidi override and\u0000 a NUL`),
      filePart(`attachment; filename*=utf-8''${encodeURIComponent(`${rlo}gpj.pdf`)}%00`, "application/pdf", samplePdf),
    ]),
  );
}

/** Multiparts nested `depth` deep. */
export function deepMultipart(reference: string, depth: number) {
  let body = textPart("At the bottom");
  for (let level = depth; level > 1; level--) {
    body = [`Content-Type: multipart/mixed; boundary="d${level}"`, "", multipart(`d${level}`, [body])].join("\r\n");
  }
  return rawMail(
    [
      "From: deep@works.example",
      `Subject: Re: ${reference} deep`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="d1"',
    ],
    multipart("d1", [body]),
  );
}

/** A small zip whose one member inflates to `inflated` bytes of zeros. */
export function zipBomb(inflated = 200 * 1024 * 1024) {
  const data = deflateRawSync(Buffer.alloc(inflated));
  const name = Buffer.from("zeros.bin");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(inflated >>> 0, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

export function zipBombMail(reference: string) {
  return rawMail(
    [
      "From: zip@works.example",
      `Subject: Re: ${reference} bomb`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="z"',
    ],
    multipart("z", [
      textPart("See the archive"),
      filePart('attachment; filename="bomb.zip"', "application/zip", zipBomb()),
    ]),
  );
}

/** One header line of `bytes` bytes. */
export function longHeaderLine(reference: string, bytes: number) {
  return rawMail(
    ["From: long@works.example", `Subject: Re: ${reference} long`, `X-Padding: ${"x".repeat(bytes)}`],
    "Short body",
  );
}

/**
 * An e-mail of about `bytes` bytes: a text part and one PDF attachment sent 8-bit (so the attachment is as
 * large as the e-mail), or base64 when `base64` is set.
 */
export function bigMail(reference: string, bytes: number, { base64 = false, from = "big@works.example" } = {}) {
  const headers = [
    `From: ${from}`,
    `Subject: Re: ${reference} big`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="g"',
  ];
  const attachmentBytes = base64 ? Math.floor((bytes * 3) / 4) : bytes;
  const line = `${"0".repeat(75)}\n`;
  const pdf = Buffer.concat([samplePdf, Buffer.from(line.repeat(Math.ceil(attachmentBytes / line.length)))]);
  const part = base64
    ? filePart('attachment; filename="big.pdf"', "application/pdf", pdf)
    : [
        "Content-Type: application/pdf",
        'Content-Disposition: attachment; filename="big.pdf"',
        "Content-Transfer-Encoding: 8bit",
        "",
        pdf.toString("latin1"),
      ].join("\r\n");
  return rawMail(headers, multipart("g", [textPart("The whole drawing set"), part]));
}
