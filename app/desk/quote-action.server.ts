import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { readFormData } from "#app/desk/form.server.ts";
import { noteSchema } from "#app/desk/forms.ts";
import { statusLabels } from "#app/desk/labels.ts";
import { addNote, changeStatus, recordReply, releaseFromSpam, retryNotifications } from "#app/desk/quote.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { quoteStatuses, type quotes } from "#db/schema.ts";

export type ActionReply = { ok: boolean; message: string; intent?: string; errors?: Record<string, string> };

const intentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      status: z.enum(quoteStatuses, { error: "Choose a status from the list" }),
    }),
    z.object({ intent: z.literal("note"), note: z.string({ error: "Write a note first" }) }),
    z.object({ intent: z.literal("reply"), channel: z.enum(["email", "other"]).default("email") }),
    z.object({ intent: z.literal("release") }),
    z.object({ intent: z.literal("retry") }),
  ],
  { error: "That is not something the desk can do" },
);

const refused = (field: string, message: string) =>
  data<ActionReply>({ ok: false, message, errors: { [field]: message } }, { status: 422 });

/** Everything staff do on a request page; each writes its entry in the request's timeline. */
export async function quoteAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  quote: Pick<typeof quotes.$inferSelect, "id" | "status">,
) {
  const services = context.get(servicesContext);
  const db = services.database.db;
  const staff = context.get(staffContext);
  const parsed = intentSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refused(String(issue?.path[0] ?? "intent"), issue?.message ?? "That is not something the desk can do");
  }
  const input = parsed.data;
  switch (input.intent) {
    case "status": {
      if (quote.status === "spam" && input.status !== "spam")
        return refused("status", "Use “Not spam” to take a request out of spam");
      const changed = await changeStatus(db, quote.id, input.status, staff);
      return {
        ok: true,
        message: changed ? `Status changed to ${statusLabels[input.status]}.` : "The status was already that.",
      } satisfies ActionReply;
    }
    case "note": {
      const note = noteSchema.safeParse({ note: input.note });
      if (!note.success) return refused("note", note.error.issues[0]?.message ?? "Write a note first");
      await addNote(db, quote.id, note.data.note, staff);
      return { ok: true, intent: "note", message: "Note added." } satisfies ActionReply;
    }
    case "reply": {
      const first = await recordReply(db, quote.id, input.channel, staff);
      return { ok: true, message: first ? "First reply recorded." : "Reply recorded." } satisfies ActionReply;
    }
    case "release": {
      const result = await releaseFromSpam(db, quote.id, staff, Boolean(services.config.quoteForwardUrl));
      if (result.queued > 0) services.outbox.kick();
      const message = !result.released
        ? "This request is not in spam."
        : result.queued > 0
          ? "Moved to New; the notification is on its way."
          : "Moved to New. Its notification was sent before, so it is not sent again.";
      return { ok: result.released, message } satisfies ActionReply;
    }
    case "retry": {
      const due = await retryNotifications(db, quote.id, staff);
      if (due > 0) services.outbox.kick();
      return {
        ok: due > 0,
        message: due > 0 ? "Trying again now." : "Nothing is waiting to be sent.",
      } satisfies ActionReply;
    }
  }
}
