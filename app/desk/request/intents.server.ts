import { data } from "react-router";
import { z } from "zod";
import type { StaffMember } from "#app/desk/auth.server.ts";
import { eventText } from "#app/desk/labels.ts";
import { orderFields, orderMessages } from "#app/desk/request/order.server.ts";
import { replyLimits } from "#app/desk/request/replies.server.ts";
import type { Services } from "#app/lib/context.ts";
import { formatWhen } from "#app/lib/london-time.ts";
import type { ChangeOutcome, LatestChange } from "#app/request/lifecycle.server.ts";
import { referencePattern } from "#app/request/reference.server.ts";
import type { quotes } from "#db/schema.ts";
import { lostReasons, quoteStatuses } from "#db/statuses.ts";
import type { Db, Tx } from "#db/types.ts";

// What a request page's forms may post, and how each is answered (app/desk/request/action.server.ts does it).

export type ActionReply = {
  ok: boolean;
  message: string;
  intent?: string;
  errors?: Record<string, string>;
  /** What was typed, given back when the change was refused, so nothing has to be typed again. */
  values?: Record<string, string>;
  /** A merge asks first: the request it would merge in. */
  confirmMerge?: { reference: string; customerName: string };
  /** Taking a colleague's request asks first: whose it is. */
  confirmTake?: { ownerName: string };
  /** The request's version after this change, so the page's next change is not refused as stale. */
  version?: number;
};

export type Reply = ActionReply | ReturnType<typeof refused> | Response;
/** What every intent works with: the request as the page showed it, who acts, and the form as typed. */
export type Work = {
  services: Services;
  db: Db;
  staff: StaffMember;
  quote: RequestOnPage;
  form: Record<string, FormDataEntryValue>;
  typed: Record<string, string>;
  /** Runs a change only if the request is still at the version the page showed (applyChange). */
  change: <T extends { changed: boolean }>(work: (tx: Tx) => Promise<T>) => Promise<ChangeOutcome<T>>;
};

const version = z.coerce
  .number({ error: "Reload the page: it did not say which version of the request it showed" })
  .int()
  .min(1, "Reload the page: it did not say which version of the request it showed");

export const intentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      status: z.enum(quoteStatuses, { error: "Choose a status from the list" }),
      lostReason: z.preprocess(
        (value) => (value === "" ? undefined : value),
        z.enum(lostReasons, { error: "Choose a reason from the list" }).optional(),
      ),
      ...orderFields,
    }),
    z.object({
      intent: z.literal("confirm-order"),
      ...orderFields,
      /** Ticked (as it starts): the buyer is e-mailed that their order is confirmed. */
      tellBuyer: z.literal("yes").optional(),
    }),
    z.object({
      intent: z.literal("query"),
      note: z.string({ error: orderMessages.query }).trim().min(1, orderMessages.query).max(4000),
    }),
    z.object({ intent: z.literal("note"), note: z.string({ error: "Write a note first" }) }),
    z.object({ intent: z.literal("reply"), channel: z.enum(["email", "other"]).default("email") }),
    z.object({ intent: z.literal("release") }),
    z.object({
      intent: z.literal("send-reply"),
      subject: z
        .string({ error: "Write a subject" })
        .trim()
        .min(1, "Write a subject")
        .max(replyLimits.subject, "Keep the subject under 200 characters"),
      body: z
        .string({ error: "Write the message" })
        .trim()
        .min(1, "Write the message")
        .max(replyLimits.body, "Keep the message under 10,000 characters"),
      cc: z.string().max(2000, "Copy it to at most 5 addresses").default(""),
    }),
    z.object({ intent: z.literal("retry") }),
    z.object({ intent: z.literal("snooze") }),
    z.object({ intent: z.literal("reissue") }),
    z.object({ intent: z.literal("chaser"), chaser: z.string().max(20).default("") }),
    z.object({ intent: z.literal("quote-again") }),
    z.object({ intent: z.literal("assign"), owner: z.string().max(200).default("") }),
    z.object({
      intent: z.literal("merge"),
      other: z
        .string({ error: "Enter the reference of the request to merge in" })
        .trim()
        .toUpperCase()
        .regex(referencePattern, "Enter a reference like Q-261124-7KX2M"),
    }),
  ],
  { error: "That is not something the desk can do" },
);

export type Intent = z.infer<typeof intentSchema>;

/** 422: what was posted cannot be done as it is, said beside the field, with what was typed given back. */
export const refused = (field: string, message: string, values?: Record<string, string>) =>
  data<ActionReply>({ ok: false, message, errors: { [field]: message }, values }, { status: 422 });

/** A change made from a page that no longer shows the request as it is: 409, naming the change it missed. */
export function stale(latest: LatestChange | undefined, values: Record<string, string>) {
  const what = latest
    ? `${latest.actorName ?? "The system"} ${eventText(latest)} (${formatWhen(latest.at, new Date())}).`
    : "Someone else changed this request.";
  return data<ActionReply>(
    {
      ok: false,
      message: `${what} Nothing was changed: the page now shows the latest, so check it and try again.`,
      values,
    },
    { status: 409 },
  );
}

export type RequestOnPage = Pick<
  typeof quotes.$inferSelect,
  "id" | "status" | "reference" | "ownerId" | "mergedIntoId" | "customerName" | "company"
>;

/** The form as posted: what it asks for, the version its page showed and what was typed; or why it is refused. */
export function readPost(form: Record<string, FormDataEntryValue>, quote: RequestOnPage) {
  const typed = Object.fromEntries(
    ["note", "subject", "body", "cc", "other", "orderValue", "poNumber", "tellBuyer"].flatMap((key) =>
      typeof form[key] === "string" ? [[key, form[key]]] : [],
    ),
  ) as Record<string, string>;
  const parsed = intentSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? "That is not something the desk can do";
    return { refused: refused(String(issue?.path[0] ?? "intent"), message, typed) } as const;
  }
  const seen = version.safeParse(form.version);
  if (!seen.success)
    return { refused: refused("version", seen.error.issues[0]?.message ?? "Reload the page", typed) } as const;
  if (quote.mergedIntoId !== null)
    return { refused: refused("intent", "This request was merged into another; work on that one.", typed) } as const;
  return { input: parsed.data, seen: seen.data, typed } as const;
}
