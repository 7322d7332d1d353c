import { afterAll, beforeAll, beforeEach } from "vitest";
import { type SmtpSink, startSmtpSink } from "#test/smtp.ts";

/** An SMTP sink started for the enclosing suite and emptied before each of its tests. */
export function suiteSmtpSink() {
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.stop());
  beforeEach(() => {
    if (sink) sink.messages.length = 0;
  });
  return () => {
    if (!sink) throw new Error("The suite's SMTP sink has not started");
    return sink;
  };
}
