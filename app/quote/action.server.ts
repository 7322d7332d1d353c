import crypto from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { clientKey } from "../lib/client-key.server";
import { clientAddressContext, servicesContext } from "../lib/context";
import { errorSummary, getLogger } from "../lib/logger.server";
import type { QuoteReply } from "./notices";
import { parseForm } from "./parse";
import { type QuoteInput, quoteSubmissionSchema } from "./schema";
import { judgeSpam } from "./spam.server";
import { storeQuote } from "./store.server";

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

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return rejected(400, "We could not read that form. Please reload the page and try again.");
  }

  // Mistakes a visitor corrects do not use up their quota; sheer volume meets the general limiter.
  const submission = parseForm(formData, quoteSubmissionSchema);
  if (submission.status !== "success") {
    return data<QuoteReply<ReturnType<typeof submission.reply>>>(
      { ok: false, kind: "invalid", result: submission.reply() },
      { status: 422 },
    );
  }

  const limit = await services.rateLimiter.hit(`quote:${clientKey(clientAddress)}`);
  if (!limit.allowed) {
    return rejected(
      429,
      `You have sent several quote requests in the last minute. Please wait ${limit.retryAfterSeconds} seconds and try again, or call us.`,
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }

  const { formToken, website, ...quote } = submission.value;
  const spam = judgeSpam({ honeypot: website, formToken, secret: services.formTokenSecret });
  let stored: Awaited<ReturnType<typeof storeQuote>>;
  try {
    stored = await storeQuote(services.database.db, quote, {
      idempotencyKey: idempotencyKey(formToken, quote),
      spam: spam.held,
      spamReasons: spam.reasons,
      sourceIp: clientAddress,
      userAgent: request.headers.get("user-agent") ?? undefined,
      ipSalt: services.ipSalt,
      forward: Boolean(services.config.quoteForwardUrl),
    });
  } catch (error) {
    // Database errors can quote the values they were given: only the error's kind reaches the log.
    getLogger().error({ error: errorSummary(error) }, "a quote request could not be stored");
    return rejected(
      503,
      "We could not save your request just now. Please try again in a minute, or call or e-mail us.",
      { "Retry-After": "60" },
    );
  }
  if (!spam.held && !stored.duplicate) services.outbox.kick();

  return data<QuoteReply<ReturnType<typeof submission.reply>>>({
    ok: true,
    reference: stored.reference,
    result: submission.reply({ resetForm: true }),
  });
}
