import crypto from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { clientAddressContext, servicesContext } from "../lib/context";
import type { QuoteReply } from "./notices";
import { parseForm } from "./parse";
import { type QuoteInput, quoteSubmissionSchema } from "./schema";
import { storeQuote } from "./store.server";

/** Requests filled faster than this are almost always bots. */
const MIN_FILL_MS = 3000;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function rejected(status: number, message: string, headers?: HeadersInit) {
  return data<QuoteReply<never>>({ ok: false, kind: "rejected", message }, { status, headers });
}

/** One submission is one key: the same form token with the same content is stored once. */
function idempotencyKey(token: string, quote: QuoteInput) {
  const content = JSON.stringify([
    quote.customerName,
    quote.email,
    quote.company ?? "",
    quote.phone ?? "",
    quote.category ?? "",
    quote.requirements,
    quote.urgency,
  ]);
  return crypto.createHash("sha256").update(token).update("\0").update(content).digest("hex");
}

export async function quoteAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) {
    return rejected(415, "Please send the quote request from the form on this page.");
  }

  const services = context.get(servicesContext);
  const clientAddress = context.get(clientAddressContext) ?? "unknown";
  const limit = await services.rateLimiter.hit(`quote:${clientAddress}`);
  if (!limit.allowed) {
    return rejected(
      429,
      `You have sent several quote requests in the last minute. Please wait ${limit.retryAfterSeconds} seconds and try again, or call us.`,
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return rejected(400, "We could not read that form. Please reload the page and try again.");
  }

  const submission = parseForm(formData, quoteSubmissionSchema);
  if (submission.status !== "success") {
    return data<QuoteReply<ReturnType<typeof submission.reply>>>(
      { ok: false, kind: "invalid", result: submission.reply() },
      { status: 422 },
    );
  }

  const { formToken, shownAt, website, ...quote } = submission.value;
  const spam = Boolean(website) || (shownAt !== undefined && Date.now() - shownAt < MIN_FILL_MS);
  const stored = await storeQuote(services.database.db, quote, {
    idempotencyKey: idempotencyKey(formToken, quote),
    spam,
    sourceIp: clientAddress,
    userAgent: request.headers.get("user-agent") ?? undefined,
    ipSalt: services.ipSalt,
    forward: Boolean(services.config.quoteForwardUrl),
  });
  if (!spam && !stored.duplicate) services.outbox.kick();

  return data<QuoteReply<ReturnType<typeof submission.reply>>>({
    ok: true,
    reference: stored.reference,
    result: submission.reply({ resetForm: true }),
  });
}
