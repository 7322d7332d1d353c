import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { ConfirmPanel } from "#app/components/confirm-panel.tsx";
import { Field } from "#app/components/field.tsx";
import { readFormData } from "#app/desk/read-form.server.ts";
import { keepSavedReply, listSavedReplies, removeSavedReply, replyLimits } from "#app/desk/request/replies.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { formatDateTime } from "#app/lib/london-time.ts";
import { maxRowId, rowId } from "#app/lib/row-id.ts";
import type { Route } from "./+types/replies";

export const meta: Route.MetaFunction = () => [
  { title: "Saved replies · Quote desk" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { replies: await listSavedReplies(context.get(servicesContext).database.db) };
}

const replySchema = z.object({
  id: z.coerce.number().int().min(1).max(maxRowId).optional(),
  title: z.string().trim().min(1, "Give it a title").max(replyLimits.title, "Keep the title under 80 characters"),
  subject: z
    .string()
    .trim()
    .min(1, "Write a subject")
    .max(replyLimits.subject, "Keep the subject under 200 characters"),
  body: z.string().trim().min(1, "Write the message").max(replyLimits.body, "Keep the message under 10,000 characters"),
});

type Reply = {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  id?: string;
  /** Removal cannot be undone: the first click asks (beside the reply), the second removes it. */
  confirmRemove?: number;
};

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(servicesContext).database.db;
  const form = Object.fromEntries(await readFormData(request));
  const target = typeof form.id === "string" && form.id ? form.id : "new";
  if (form.intent === "remove") {
    const id = rowId(form.id);
    if (id === undefined) return data<Reply>({ ok: false, message: "That reply no longer exists." }, { status: 404 });
    if (form.confirmed !== "yes") return { ok: true, message: "", confirmRemove: id } satisfies Reply;
    await removeSavedReply(db, id);
    return { ok: true, message: "Saved reply removed." } satisfies Reply;
  }
  const parsed = replySchema.safeParse({ ...form, id: form.id || undefined });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data<Reply>({ ok: false, message: "Check the marked boxes.", errors, id: target }, { status: 422 });
  }
  const kept = await keepSavedReply(db, parsed.data, context.get(staffContext));
  if (kept === "gone")
    return data<Reply>({ ok: false, message: "That reply no longer exists: a colleague removed it." }, { status: 404 });
  if (kept === "taken")
    return data<Reply>(
      {
        ok: false,
        message: "Another saved reply has that title.",
        errors: { title: "Choose another title" },
        id: target,
      },
      { status: 409 },
    );
  return { ok: true, message: parsed.data.id ? "Saved reply changed." : "Saved reply added." } satisfies Reply;
}

function ReplyForm({
  reply,
  errors,
  busy,
}: {
  reply?: { id: number; title: string; subject: string; body: string };
  errors?: Record<string, string>;
  busy: boolean;
}) {
  const prefix = reply ? `reply-${reply.id}` : "reply-new";
  const field = (name: "title" | "subject" | "body", label: string) => {
    const common = {
      id: `${prefix}-${name}`,
      name,
      label,
      defaultValue: reply?.[name] ?? "",
      error: errors?.[name],
      className: "mt-2",
    };
    return name === "body" ? (
      <Field {...common} kind="textarea" rows={6} />
    ) : (
      <Field {...common} kind="input" type="text" />
    );
  };
  return (
    <Form method="post" key={reply ? `${reply.id}-${reply.title}-${reply.subject}` : "new"}>
      {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
      {field("title", "Title")}
      {field("subject", "Subject")}
      {field("body", "Message")}
      <button type="submit" className={button({ variant: "steel", className: "mt-3" })} disabled={busy}>
        {reply ? `Save “${reply.title}”` : "Add the saved reply"}
      </button>
    </Form>
  );
}

export default function SavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const reply = actionData as Reply | undefined;
  return (
    <>
      <p>
        <Link to="/desk" className="font-semibold text-steel underline">
          ← Back to the inbox
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-navy">Saved replies</h1>
      <p className="mt-1 max-w-prose">
        Answers the team gives often. In a subject or message, {"{name}"}, {"{reference}"} and {"{company}"} become the
        buyer's name, the request's reference and their company when it is sent. The one called “Quotation” starts every
        new quotation's e-mail (there, {"{revision}"}, {"{previous}"} (the revision it replaces) and {"{validUntil}"}{" "}
        work too; while it keeps its first words, a later revision's e-mail says which one it replaces). One whose title
        starts with “Chaser” is offered as a chaser on a quoted request: there {"{revision}"}, {"{validUntil}"},{" "}
        {"{total}"} (including VAT) and {"{link}"} (a new link to the latest revision online, added above the sign-off
        when left out) work too.
      </p>
      <div role="status" className="mt-3 min-h-6 font-semibold">
        {reply?.message ? <span className={reply.ok ? "text-green-800" : "text-red-700"}>{reply.message}</span> : null}
      </div>
      <div className="mt-2 space-y-4">
        {loaderData.replies.map((saved) => (
          <section key={saved.id} aria-label={saved.title} className={cardClass}>
            <ReplyForm reply={saved} errors={reply?.id === String(saved.id) ? reply.errors : undefined} busy={busy} />
            <p className="mt-2 text-sm text-slate-700">
              Last changed {formatDateTime(saved.updatedAt)}
              {saved.updatedByName ? ` by ${saved.updatedByName}` : ""}
            </p>
            {reply?.confirmRemove === saved.id ? (
              <ConfirmPanel
                id="confirm-remove"
                tone="danger"
                className="mt-3"
                takeFocus
                title={`Remove “${saved.title}”?`}
                text={
                  saved.title === "Quotation"
                    ? "New quotations' e-mails start from this one; without it they start from the standard wording. It cannot be undone."
                    : "No reply can start from it any more. It cannot be undone."
                }
                cancel={{ to: "/desk/replies", label: "Cancel" }}
              >
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={saved.id} />
                  <input type="hidden" name="confirmed" value="yes" />
                  <button type="submit" className={button({ variant: "danger" })} disabled={busy}>
                    Yes, remove “{saved.title}”
                  </button>
                </Form>
              </ConfirmPanel>
            ) : (
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={saved.id} />
                <button type="submit" className={button({ variant: "quiet" })} disabled={busy}>
                  Remove “{saved.title}”
                </button>
              </Form>
            )}
          </section>
        ))}
        <section aria-labelledby="new-reply-heading" className={cardClass}>
          <h2 id="new-reply-heading" className="text-lg font-bold text-navy">
            A new saved reply
          </h2>
          <ReplyForm errors={reply?.id === "new" ? reply.errors : undefined} busy={busy} />
        </section>
      </div>
    </>
  );
}
