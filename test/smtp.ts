import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  raw: string;
  /** Header names in lower case; values unfolded and decoded (RFC 2047). */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  text: string;
  html: string;
  envelope: { from: string; to: string[] };
};

/** A real SMTP server on a loopback port that keeps what it receives. */
export async function startSmtpSink(port = 0) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        messages.push(parseMail(Buffer.concat(chunks).toString("utf8"), envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

function decodeQuotedPrintable(text: string) {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeWords(value: string) {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replaceAll("_", " ")),
    );
}

function parsePart(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split + 4);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string[]>, body: string) {
  const encoding = headers.get("content-transfer-encoding")?.[0]?.toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return decoded.replaceAll("\r\n", "\n");
}

/** Just enough MIME for the messages nodemailer builds: text, html, or multipart/alternative of both. */
export function parseMail(raw: string, envelope = { from: "", to: [] as string[] }): ReceivedMail {
  const crlf = raw.replace(/\r?\n/g, "\r\n");
  const { headers, body } = parsePart(crlf);
  let text = "";
  let html = "";
  const take = (partHeaders: Map<string, string[]>, partBody: string) => {
    const type = partHeaders.get("content-type")?.[0] ?? "text/plain";
    if (type.startsWith("text/plain")) text = decodeBody(partHeaders, partBody);
    if (type.startsWith("text/html")) html = decodeBody(partHeaders, partBody);
  };
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type")?.[0] ?? "")?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = parsePart(chunk.replace(/^\r\n/, ""));
      take(part.headers, part.body);
    }
  } else take(headers, body);
  return { raw, headers, header: (name) => headers.get(name.toLowerCase())?.[0], text, html, envelope };
}

/** Polls until check() passes or the time is up; for effects that happen in the background. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
