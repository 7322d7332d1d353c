import { data, type RouterContextProvider, redirect } from "react-router";
import { forgetMonthFigures } from "#app/desk/inbox/figures.server.ts";
import { readFormData } from "#app/desk/read-form.server.ts";
import { stale } from "#app/desk/request/intents.server.ts";
import { linesFromFile, requestSpreadsheet } from "#app/desk/request/spreadsheet.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { formatWhen, londonDay } from "#app/lib/london-time.ts";
import { readCc } from "#app/mail-out/cc.ts";
import { checkDraft, type Draft, draftFromForm, emptyLine, maxLines } from "#app/quotation/draft.ts";
import type { SendQuestion } from "#app/quotation/editor.tsx";
import type { loadQuote } from "#app/quotation/load.server.ts";
import { formatPence } from "#app/quotation/money.ts";
import { earlierPrices, saveDraft, sendQuotation } from "#app/quotation/quotation.server.ts";
import { unusualFigures, unusualKey } from "#app/quotation/unusual.ts";
import { nextContactDay } from "#app/request/chase.server.ts";
import { applyChange } from "#app/request/lifecycle.server.ts";
import { canMove, statusLabels } from "#app/request/status.ts";

/** Where the answer is shown: beside the Save and Send buttons, the Add button, or a moved line. */
export type AnswerPlace = "actions" | "lines" | `line:${number}`;

export type EditorReply = {
  message: string;
  ok: boolean;
  at: AnswerPlace;
  errors?: Record<string, string>;
  confirm?: SendQuestion;
  /** The Cc box as typed at the confirmation, given back when it was refused. */
  cc?: string;
  /** What was typed, shown again when it was not saved. */
  draft?: Draft;
};

/** Moves, removes or adds a line as the pressed button says; the rest of the draft is as posted. */
function arrange(draft: Draft, intent: string): { draft: Draft; at: AnswerPlace } {
  const [op, at] = intent.split(":");
  const i = Number(at);
  const lines = [...draft.lines];
  if (op === "add" && lines.length < maxLines) lines.push(emptyLine());
  if (op === "remove" && lines[i]) lines.splice(i, 1);
  const j = op === "up" ? i - 1 : op === "down" ? i + 1 : -1;
  if (j >= 0 && lines[i] && lines[j]) {
    [lines[i], lines[j]] = [lines[j], lines[i]];
    return { draft: { ...draft, lines }, at: `line:${j}` };
  }
  return { draft: { ...draft, lines }, at: op === "add" || op === "remove" ? "lines" : "actions" };
}

// Boxes whose text cannot be read as a number are named at every save, not only when sending.
const numberBoxes = /^(lines\[\d+\]\.(unitPrice|quantity|days)|delivery|vatRate)$/;

/** The messages of the boxes that hold something the quotation cannot use ("9,60"), while it is a draft. */
function unreadable(draft: Draft) {
  const checked = checkDraft(draft, londonDay());
  if (checked.ok) return {};
  const price = (key: string) => draft.lines[Number(/\d+/.exec(key)?.[0])]?.unitPrice.trim();
  return Object.fromEntries(
    Object.entries(checked.errors).filter(
      ([key]) => numberBoxes.test(key) && (!key.endsWith(".unitPrice") || Boolean(price(key))),
    ),
  );
}

const attention = (count: number) => (count === 1 ? "one box needs" : `${count} boxes need`);

function refusedSave(save: { byName: string | null; at: Date; sent: boolean }, draft: Draft, at: AnswerPlace) {
  const who = `${save.byName ?? "Someone else"} ${save.sent ? "sent" : "saved"} this quotation (${formatWhen(save.at, new Date())}) after you opened it.`;
  const next = save.sent
    ? "Open the quotation again to start the next revision from it."
    : "Save again to keep yours in place of theirs, or open the quotation again to see theirs.";
  return data<EditorReply>(
    { ok: false, at, message: `${who} Nothing was saved: what you typed is below. ${next}`, draft },
    { status: 409 },
  );
}

/** Saves the draft as typed, then, for Send, checks it, asks, and sends once asked about what is unusual. */
export async function editorAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  quote: Awaited<ReturnType<typeof loadQuote>>,
) {
  const { database, storage } = context.get(servicesContext);
  const db = database.db;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "save");
  const arranged = arrange(draftFromForm(form), intent);
  if (intent === "add" && arranged.draft.lines.length >= maxLines)
    return data<EditorReply>(
      { ok: false, at: arranged.at, message: `A quotation has at most ${maxLines} lines.`, draft: arranged.draft },
      { status: 422 },
    );
  const filled = intent.startsWith("fill:")
    ? await linesFromFile(await requestSpreadsheet(db, quote.id, intent), storage, arranged.draft)
    : undefined;
  if (filled && !filled.ok)
    return data<EditorReply>(
      { ok: false, at: "lines", message: filled.message, draft: arranged.draft },
      { status: 422 },
    );
  const { draft, at } = filled ? { draft: filled.draft, at: "lines" as const } : arranged;
  const staff = context.get(staffContext);
  const save = await saveDraft(db, quote.id, draft, String(form.get("draftStamp") ?? ""), staff);
  if (!save.saved) return refusedSave(save, draft, at);
  if (!intent.startsWith("send")) {
    const errors = unreadable(draft);
    const count = Object.keys(errors).length;
    const saved = filled?.message ?? (intent === "save" ? "Draft saved." : "Draft saved with the lines rearranged.");
    return {
      ok: count === 0,
      at,
      errors,
      message: count ? `${saved} But ${attention(count)} attention.` : saved,
    } satisfies EditorReply;
  }
  return sendStep({ context, quote, draft, at, intent, form });
}

/**
 * Send, after the draft is saved: refused while the request cannot be quoted or the draft is not ready; asked
 * about first (the total, POA lines and anything unusual); sent once asked, with the request moved to Quoted.
 */
async function sendStep({
  context,
  quote,
  draft,
  at,
  intent,
  form,
}: {
  context: Readonly<RouterContextProvider>;
  quote: Awaited<ReturnType<typeof loadQuote>>;
  draft: Draft;
  at: AnswerPlace;
  intent: string;
  form: FormData;
}) {
  const { config, database, outbox } = context.get(servicesContext);
  const db = database.db;
  const staff = context.get(staffContext);
  // A request a quotation cannot move to Quoted (Won, Lost, Spam) would send the buyer a link that takes no
  // answer; the status table says which, and the page's status form is where it changes.
  if (quote.status !== "quoted" && !canMove(quote.status, "quoted", "quotation"))
    return data<EditorReply>(
      {
        ok: false,
        at,
        message: `The draft is saved, but this request is ${statusLabels[quote.status]}: a quotation sent now could not be accepted. To send it, change the request's status on its page first.`,
      },
      { status: 409 },
    );
  const checked = checkDraft(draft, londonDay());
  if (!checked.ok) {
    const count = Object.keys(checked.errors).length;
    return data<EditorReply>(
      {
        ok: false,
        at,
        errors: checked.errors,
        message: `The draft is saved, but ${attention(count)} attention before it can be sent.`,
      },
      { status: 422 },
    );
  }
  const unusual = unusualFigures(checked.value, await earlierPrices(db, quote));
  const key = unusualKey(unusual);
  const confirm = {
    to: quote.email,
    gross: formatPence(checked.value.grossPence),
    poaLines: checked.value.lines.filter((line) => line.unitPence === null).length,
    unusual,
    unusualKey: key,
  };
  if (intent !== "send-confirmed" || (unusual.length > 0 && form.get("unusual") !== key))
    return { ok: true, at, message: "", confirm } satisfies EditorReply;
  const typedCc = String(form.get("cc") ?? "");
  const cc = readCc(typedCc);
  if (!cc.ok)
    return data<EditorReply>(
      { ok: false, at, message: cc.message, errors: { cc: cc.message }, confirm, cc: typedCc },
      { status: 422 },
    );
  const nextContact = await nextContactDay(londonDay(), config);
  const outcome = await applyChange(db, quote.id, Number(form.get("version")), async (tx) => ({
    changed: true,
    ...(await sendQuotation(tx, quote, draft, checked.value, staff, config.site, cc.cc, nextContact)),
  }));
  if (outcome.stale) {
    const refused = stale(outcome.latest, {});
    return data<EditorReply>({ ok: false, at, message: refused.data.message }, refused.init ?? { status: 409 });
  }
  outbox.kick();
  forgetMonthFigures(db);
  return redirect(`/desk/quotes/${quote.reference}?sent=${encodeURIComponent(outcome.result.revision)}`);
}
