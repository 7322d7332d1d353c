import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { Config } from "#app/lib/env.server.ts";
import { formatDateTime } from "#app/lib/london-time.ts";
import { headerText } from "#app/lib/mail-text.ts";
import { compareAndSetSetting, readSetting } from "#app/lib/settings.server.ts";
import { type QuoteRecord, quoteRecordColumns } from "#app/mail-out/mail.server.ts";
import { spamReasonText } from "#app/quote/spam.server.ts";
import { categoryLabel, urgencyLabel } from "#app/request/fields.ts";
import { outbox, quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

const day = 24 * 60 * 60_000;
/** When the last digest was made (ISO time); the claim that keeps processes and restarts from repeating it. */
export const digestSettingKey = "spam_digest_at";
const listedMax = 200;
const excerptLength = 300;

type Held = QuoteRecord & { spamReasons: string[] };

function describe(quote: Held) {
  const excerpt = quote.requirements.replace(/\s+/g, " ").trim();
  return [
    `${quote.reference} — received ${formatDateTime(quote.createdAt)}`,
    `  From:     ${headerText(quote.customerName)} <${headerText(quote.email)}>${quote.company ? `, ${headerText(quote.company)}` : ""}`,
    ...(quote.phone ? [`  Phone:    ${headerText(quote.phone)}`] : []),
    `  Wants:    ${categoryLabel(quote.category ?? undefined)}, ${urgencyLabel(quote.urgency)}`,
    `  Held as:  ${quote.spamReasons.map((reason) => spamReasonText[reason] ?? reason).join("; ") || "spam"}`,
    `  Message:  ${excerpt.length > excerptLength ? `${excerpt.slice(0, excerptLength)}…` : excerpt}`,
  ].join("\n");
}

/**
 * Once a day, an e-mail to QUOTE_NOTIFY_TO listing the requests held as spam since the last one, so a
 * real customer caught by the honeypot is still seen. The day is claimed in the settings table inside
 * the same transaction that queues the e-mail: several processes, or a restart, never send it twice.
 * Returns how many held requests were listed (0 when nothing was held), or undefined when not due.
 */
export async function queueSpamDigestIfDue(db: Db, config: Pick<Config, "quoteNotifyTo">, now = new Date()) {
  const previous = await readSetting(db, digestSettingKey);
  const previousAt = previous ? new Date(previous) : undefined;
  if (previousAt && now.getTime() - previousAt.getTime() < day) return undefined;
  const since = previousAt ?? new Date(now.getTime() - day);
  return db.transaction(async (tx) => {
    if (!(await compareAndSetSetting(tx, digestSettingKey, previous, now.toISOString()))) return undefined;
    const held = await tx
      .select(quoteRecordColumns)
      .from(quotes)
      .where(and(eq(quotes.status, "spam"), gt(quotes.createdAt, since), lte(quotes.createdAt, now)))
      .orderBy(asc(quotes.createdAt));
    if (held.length === 0) return 0;
    const listed = held.slice(0, listedMax);
    const text = [
      `${held.length} quote ${held.length === 1 ? "request was" : "requests were"} held as spam since ${formatDateTime(since)}. None of them was e-mailed to you.`,
      "If one is a real customer, reply to them directly. `npm run quotes -- show <reference>` shows the whole request.",
      "",
      ...listed.map(describe).flatMap((entry) => [entry, ""]),
      ...(held.length > listed.length ? [`…and ${held.length - listed.length} more.`, ""] : []),
    ].join("\n");
    await tx.insert(outbox).values({
      kind: "message",
      quoteId: null,
      payload: {
        to: config.quoteNotifyTo,
        subject: `Spam digest: ${held.length} quote ${held.length === 1 ? "request" : "requests"} held`,
        text,
        tag: "spam-digest",
      },
    });
    return held.length;
  });
}
