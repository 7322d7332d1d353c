import { Link } from "react-router";
import { cardClass } from "#app/components/card.ts";
import { FileList } from "#app/desk/request/conversation.tsx";
import { PartsLineText } from "#app/desk/request/parts-line.tsx";
import { formatDateTime } from "#app/lib/london-time.ts";
import type { BuyerRequest } from "#app/quotation/request-aside.server.ts";

type Heading = "h2" | "h3";

/** The buyer's words, each isolated (bdi, dir="auto") so none can turn the text around it. */
function RequestSummary({
  request,
  reference,
  heading: H,
}: {
  request: BuyerRequest;
  reference: string;
  heading: Heading;
}) {
  return (
    <div className="space-y-3 text-sm">
      <div>
        <H className="font-semibold text-slate-700">Requirements</H>
        <p className="mt-1 break-words whitespace-pre-wrap" dir="auto">
          {request.requirements}
        </p>
      </div>
      {request.lines.length > 0 ? (
        <div>
          <H className="font-semibold text-slate-700">Parts list as sent</H>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            {request.lines.map((line) => (
              <li key={line.id} className="break-words">
                <PartsLineText line={line} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {request.files.length > 0 ? (
        <div>
          <H className="font-semibold text-slate-700">Files</H>
          <FileList files={request.files} />
        </div>
      ) : null}
      <div>
        <H className="font-semibold text-slate-700">Latest messages</H>
        {request.messages.length === 0 ? <p className="mt-1">None yet.</p> : null}
        <ol className="mt-1 space-y-2">
          {request.messages.map((message) => (
            <li key={message.id} className="rounded border border-slate-200 bg-white p-2 break-words">
              <p className="font-semibold">
                {message.direction === "in" ? "From " : "To the buyer, by "}
                <bdi>
                  {message.direction === "in" ? message.fromAddress || "the buyer" : (message.sentByName ?? "the desk")}
                </bdi>
                , {formatDateTime(message.createdAt)}
              </p>
              <p>
                <bdi>{message.subject}</bdi>
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-800" dir="auto">
                {message.text || "(no text)"}
              </p>
            </li>
          ))}
        </ol>
        <p className="mt-1">
          <Link to={`/desk/quotes/${reference}`} className="font-semibold text-steel underline">
            The whole conversation on {reference}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** Above the lines on a narrow screen, folded; the wide screen's copy is the aside beside them. */
export function RequestFolded({ request, reference }: { request: BuyerRequest; reference: string }) {
  return (
    <details className={`${cardClass} mt-3 xl:hidden`}>
      <summary className="cursor-pointer font-bold text-navy">The buyer's request and latest messages</summary>
      <div className="mt-3">
        <RequestSummary request={request} reference={reference} heading="h2" />
      </div>
    </details>
  );
}

/** Beside the lines on a wide screen (≥ 1280 px), staying in view while the lines scroll. */
export function RequestAside({ request, reference }: { request: BuyerRequest; reference: string }) {
  return (
    <aside
      aria-labelledby="buyer-request-heading"
      className={`${cardClass} hidden p-4 sm:p-4 xl:sticky xl:top-4 xl:col-start-2 xl:row-start-1 xl:block xl:max-h-[calc(100vh-2rem)] xl:overflow-y-auto`}
    >
      <h2 id="buyer-request-heading" className="mb-2 text-lg font-bold text-navy">
        The buyer's request
      </h2>
      <RequestSummary request={request} reference={reference} heading="h3" />
    </aside>
  );
}
