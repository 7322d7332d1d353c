/** Spec §8: the two notices, word for word. */
export const quoteNotices = {
  success: {
    title: "Quote Request Submitted",
    text: "We'll respond within 24 hours with your customized quote.",
  },
  failure: {
    title: "Submission Failed",
    text: "Failed to submit quote request. Please try again.",
  },
} as const;

/** What the quote action answers; `ok` mirrors the HTTP status so the browser can tell success from failure. */
export type QuoteReply<Result> =
  | { ok: true; reference: string; result: Result }
  | { ok: false; kind: "invalid"; result: Result }
  | { ok: false; kind: "rejected"; message: string; result?: undefined }
  | { ok: false; kind: "network"; result?: undefined; message?: undefined };
