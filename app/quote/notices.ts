/** What the quote action answers; `ok` mirrors the HTTP status so the browser can tell success from failure. */
export type QuoteReply<Result> =
  | { ok: true; reference: string; emergency?: boolean; result: Result }
  | { ok: false; kind: "invalid"; result: Result }
  | { ok: false; kind: "rejected"; message: string; result?: Result }
  | { ok: false; kind: "network"; result?: undefined; message?: undefined };
