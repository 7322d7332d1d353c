import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { EmailInText, PhoneInText } from "#app/components/contact-links.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { PageError } from "#app/components/page-error.tsx";
import { onlineQuotationText as text } from "#app/content/online-quotation.ts";
import { servicesContext } from "#app/lib/context.ts";
import { formatDay, londonDay } from "#app/lib/london-time.ts";
import { parseSentForm, UnreadableFormError } from "#app/lib/parse-form.ts";
import { findByToken, recordView, standingOf } from "#app/quotation/online.server.ts";
import { acceptQuotation, declineQuotation } from "#app/quotation/online-answer.server.ts";
import { AcceptForm, DeclineForm } from "#app/quotation/online-answer-forms.tsx";
import { acceptSchema, declineSchema } from "#app/quotation/online-forms.ts";
import { type OnlineQuotation, QuotationDocument, StandingNotice } from "#app/quotation/online-page.tsx";
import type { Db } from "#db/types.ts";
import type { Route } from "./+types/quotation-online";

/**
 * /q/<token>: a sent quotation for its buyer, from the link in its e-mail (no account). Rendered per
 * request, never indexed or cached; a wrong or withdrawn token is the site's 404, with a line on getting the
 * quotation again.
 */
const privateHeaders = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

export const headers: Route.HeadersFunction = () => privateHeaders;

const notFound = () => data(null, { status: 404, headers: privateHeaders });

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const db = context.get(servicesContext).database.db;
  const now = new Date();
  const found = await findByToken(db, params.token, now);
  if (!found) throw notFound();
  if (request.method !== "HEAD") await recordView(db, found.link.id, now);
  const { quote, quotation, content } = found;
  const standing = standingOf(found, now);
  const page: OnlineQuotation = {
    label: `${quote.reference}/${found.revision}`,
    issuedOn: londonDay(quotation.queuedAt ?? quotation.createdAt),
    buyer: { name: quote.customerName, company: quote.company },
    content,
    standing,
    poNumber: found.response?.poNumber ?? null,
    pdfHref: `/q/${params.token}/pdf`,
  };
  return data(page, { headers: privateHeaders });
}

/** A post of one of the page's two forms, read with its schema; one no form of ours makes is a short 400. */
function readAnswer<Schema extends typeof acceptSchema | typeof declineSchema>(formData: FormData, schema: Schema) {
  try {
    return parseSentForm(formData, schema);
  } catch (error) {
    if (!(error instanceof UnreadableFormError)) throw error;
    throw data(`400: ${error.message}`, { status: 400 });
  }
}

async function answer(db: Db, token: string, formData: FormData) {
  if (formData.get("intent") === "decline") {
    const submission = readAnswer(formData, declineSchema);
    const outcome = submission.status === "success" ? await declineQuotation(db, token, submission.value) : undefined;
    return { intent: "decline" as const, submission, outcome };
  }
  const submission = readAnswer(formData, acceptSchema);
  const outcome = submission.status === "success" ? await acceptQuotation(db, token, submission.value) : undefined;
  return { intent: "accept" as const, submission, outcome };
}

/** The posted form; a body that is not one is a short 400, never a 500. */
async function readPost(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw data("400: That form could not be read. Please reload the page and try again.", { status: 400 });
  }
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { intent, submission, outcome } = await answer(services.database.db, params.token, await readPost(request));
  if (!outcome)
    return data({ intent, result: submission.reply(), notRecorded: false }, { status: 422, headers: privateHeaders });
  if (outcome.done === "not found") throw notFound();
  if (outcome.done === "stored") services.outbox.kick();
  // Refused (expired, superseded or closed meanwhile): the page, loaded again (shouldRevalidate), says why.
  return data(
    {
      intent,
      result: submission.reply({ resetForm: outcome.done !== "refused" }),
      notRecorded: outcome.done === "already" && outcome.differs,
    },
    { status: outcome.done === "refused" ? 409 : 200, headers: privateHeaders },
  );
}

/** A refused answer (409) brings the page up to date, so it says why at once: a newer revision, expiry, closed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Quotation ${loaderData.label}` : "404 Page Not Found" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * Its own boundary, inside the site's header and footer, so a 404 carries this page's headers too. Every link that
 * finds nothing gets the same page, which says how to get the quotation again and tells nothing about the link.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return <PageError error={error} />;
  const help = text.linkNotFound;
  return (
    <NotFound>
      <p className="mx-auto mt-4 max-w-xl text-slate-700">
        {help.lead} {help.call} <PhoneInText /> {help.or} <EmailInText /> {help.end}
      </p>
    </NotFound>
  );
}

export default function OnlineQuotationPage({ loaderData, actionData }: Route.ComponentProps) {
  const quotation = loaderData;
  const busy = useNavigation().state === "submitting";
  const open = quotation.standing.kind === "open";
  // After an answer, the focus goes to what became of it (the forms it was in are gone). The answer can come
  // a moment before the page's new standing (a refusal loads the page again), so both are waited for.
  const notice = useRef<HTMLParagraphElement>(null);
  const standing = quotation.standing.kind;
  useEffect(() => {
    if (actionData && standing !== "open") notice.current?.focus();
  }, [actionData, standing]);
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold break-words text-navy">Your quotation {quotation.label}</h1>
      {/* Once it cannot be answered, the notice below says why; an invitation to accept would contradict it. */}
      {open ? <p className="mt-2 text-slate-700">{text.intro}</p> : null}
      <StandingNotice
        ref={notice}
        standing={quotation.standing}
        poNumber={quotation.poNumber}
        notRecorded={actionData?.notRecorded}
      />
      <QuotationDocument quotation={quotation} />
      {open ? (
        <>
          <AcceptForm
            result={actionData?.intent === "accept" ? actionData.result : undefined}
            busy={busy}
            validUntil={formatDay(quotation.content.validUntil)}
          />
          <DeclineForm result={actionData?.intent === "decline" ? actionData.result : undefined} busy={busy} />
        </>
      ) : null}
    </div>
  );
}
