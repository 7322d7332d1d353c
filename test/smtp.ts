import type { AddressInfo } from "node:net";
import PostalMime, { decodeWords } from "postal-mime";
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
        parseMail(Buffer.concat(chunks).toString("utf8"), envelope).then((mail) => {
          messages.push(mail);
          callback();
        }, callback);
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

/** Parses a message with postal-mime; header values are unfolded and their encoded words decoded (RFC 2047). */
export async function parseMail(raw: string, envelope = { from: "", to: [] as string[] }): Promise<ReceivedMail> {
  const email = await PostalMime.parse(raw);
  const headers = new Map<string, string[]>();
  for (const { key, value } of email.headers) headers.set(key, [...(headers.get(key) ?? []), decodeWords(value)]);
  return {
    raw,
    headers,
    header: (name) => headers.get(name.toLowerCase())?.[0],
    text: email.text ?? "",
    html: email.html ?? "",
    envelope,
  };
}

/** Polls until check() passes or the time is up; for effects that happen in the background. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
