import { cardClass } from "#app/components/card.ts";
import { eventText } from "#app/desk/labels.ts";
import { PartsLineText } from "#app/desk/request/parts-line.tsx";
import { formatDateTime } from "#app/lib/london-time.ts";
import { stripBidiControls } from "#app/lib/text.ts";
import { splitQuoted } from "#app/mail-in/quoted.ts";
import { formatBytes } from "#app/quote/attachments.ts";

type When = Date | string;
export type ConversationFile = {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  messageId: number | null;
};
type Event = { id: number; at: When; actorName: string | null; kind: string; detail: Record<string, unknown> };
type Message = {
  id: number;
  direction: "out" | "in";
  subject: string;
  body: string;
  html: string | null;
  fromAddress: string | null;
  fromOther: boolean;
  automatic: boolean;
  /** An incoming one: whether its mail server vouched for the sender; null for ours and older ones. */
  senderVerified: "verified" | "failed" | "unknown" | null;
  notKept: string[];
  /** An outgoing one: who else it was copied to. */
  cc?: string[];
  sentByName: string | null;
  createdAt: When;
  sentAt: When | null;
};

type Entry =
  | { at: number; key: string; kind: "received" }
  | { at: number; key: string; kind: "event"; event: Event }
  | { at: number; key: string; kind: "message"; message: Message };

export function FileList({ files }: { files: ConversationFile[] }) {
  return (
    <ul className="mt-1 space-y-1 text-sm">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-3 wrap-anywhere">
          {file.contentType.startsWith("image/") ? (
            <img
              src={`/desk/attachments/${file.id}?thumbnail`}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              className="size-24 rounded border border-slate-200 bg-slate-50 object-contain"
            />
          ) : null}
          <span>
            <a
              href={`/desk/attachments/${file.id}`}
              className="font-semibold text-steel underline"
              download={file.contentType === "application/pdf" ? "" : undefined}
            >
              <bdi>{file.fileName}</bdi>
            </a>{" "}
            <span className="text-slate-700">
              ({file.contentType}, {formatBytes(file.size)})
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Who else an e-mail of ours went to. */
function CopiedTo({ cc }: { cc: unknown }) {
  const addresses = Array.isArray(cc) ? cc.map(String) : [];
  if (addresses.length === 0) return null;
  return (
    <p className="text-sm wrap-anywhere text-slate-800">
      Cc: <bdi>{addresses.join(", ")}</bdi>
    </p>
  );
}

function MessageEntry({ message, files }: { message: Message; files: ConversationFile[] }) {
  const incoming = message.direction === "in";
  const { fresh, quoted } = splitQuoted(message.body);
  return (
    <article
      className={`mt-1 rounded-md border p-3 break-words ${incoming ? "border-steel bg-mist" : "border-slate-200 bg-white"}`}
    >
      <p className="font-semibold">
        E-mail from <bdi>{incoming ? message.fromAddress || "the buyer" : (message.sentByName ?? "the desk")}</bdi>
      </p>
      <p className="text-sm text-slate-800">
        Subject: <bdi>{message.subject}</bdi>
      </p>
      <CopiedTo cc={message.cc} />
      {incoming ? null : (
        <p className="text-sm text-slate-700">
          {message.sentAt ? `Sent ${formatDateTime(message.sentAt)}` : "Waiting to be sent"}
        </p>
      )}
      {message.automatic ? (
        <p className="text-sm font-semibold text-slate-800">Automatic reply: it does not reopen the request.</p>
      ) : null}
      {message.senderVerified === "failed" ? (
        <p className="text-sm font-semibold text-red-900">
          Sender not verified: the receiving mail server could not confirm it came from this address. It does not reopen
          the request or mark it “Customer replied”.
        </p>
      ) : null}
      {message.fromOther ? (
        <p className="text-sm font-semibold text-amber-900">Not from the address on the request.</p>
      ) : null}
      {message.html ? (
        // Sanitised when it arrived (app/mail-in/read.server.ts): structure and links only, nothing live.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on arrival, and the CSP allows no inline script
        <div className="mail-html mt-2" dir="auto" dangerouslySetInnerHTML={{ __html: message.html }} />
      ) : (
        <p className="mt-2 whitespace-pre-wrap" dir="auto">
          {fresh || "(no text)"}
        </p>
      )}
      {quoted ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold text-steel">Earlier messages it quotes</summary>
          <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700" dir="auto">
            {quoted}
          </p>
        </details>
      ) : null}
      {files.length > 0 ? <FileList files={files} /> : null}
      {message.notKept.length > 0 ? (
        <>
          <p className="mt-2 text-sm font-semibold">Not kept here (still in the e-mail in the sales mailbox):</p>
          <ul className="list-disc pl-5 text-sm">
            {message.notKept.map((why) => (
              // Names a file as the buyer's mail named it: no direction control may turn it round.
              <li key={why} dir="auto">
                {stripBidiControls(why)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}

type MergedWords = {
  customerName: string;
  company: string | null;
  phone: string | null;
  email: string;
  requirements: string;
  parts: { part: string; quantity: number; brand: string | null }[];
};

/** What the buyer of a request merged into this one wrote: nothing of it is lost with the merge. */
function MergedRequest({ request }: { request: unknown }) {
  if (!request || typeof request !== "object") return null;
  const words = request as MergedWords;
  const contact = [words.company, words.phone, words.email].filter(Boolean);
  return (
    <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 break-words">
      <p>
        <bdi className="font-semibold">{words.customerName}</bdi>
        {contact.map((item) => (
          <span key={item}>
            {" · "}
            <bdi>{item}</bdi>
          </span>
        ))}
      </p>
      <p className="mt-1 whitespace-pre-wrap" dir="auto">
        {words.requirements}
      </p>
      {words.parts?.length ? (
        <ol className="mt-1 list-decimal pl-5 text-sm">
          {words.parts.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes
            <li key={i}>
              <PartsLineText line={line} />
            </li>
          ))}
        </ol>
      ) : null}
    </blockquote>
  );
}

/**
 * One conversation per request, oldest first: the request as it came, every e-mail each way (with whether
 * ours has left), and what the team did (notes, statuses, quotations).
 */
export function Conversation({
  receivedAt,
  events,
  messages,
  files,
}: {
  receivedAt: When;
  events: Event[];
  messages: Message[];
  files: ConversationFile[];
}) {
  const time = (at: When) => new Date(at).getTime();
  const entries: Entry[] = [
    { at: time(receivedAt), key: "received", kind: "received" as const },
    // A reply sent from the desk is shown as its e-mail below, not twice.
    ...events
      .filter((event) => event.kind !== "reply-sent")
      .map((event) => ({ at: time(event.at), key: `e${event.id}`, kind: "event" as const, event })),
    ...messages.map((message) => ({
      at: time(message.createdAt),
      key: `m${message.id}`,
      kind: "message" as const,
      message,
    })),
  ].sort((a, b) => a.at - b.at);
  return (
    <section aria-labelledby="conversation-heading" className={`${cardClass} min-w-0`}>
      <h2 id="conversation-heading" className="text-lg font-bold text-navy">
        Conversation
      </h2>
      <ol className="mt-3 space-y-3" aria-label="Conversation, oldest first">
        {entries.map((entry) => (
          <li key={entry.key}>
            <p className="text-sm text-slate-700">{formatDateTime(new Date(entry.at))}</p>
            {entry.kind === "received" ? <p>Received from the website</p> : null}
            {entry.kind === "event" ? (
              <>
                <p>
                  <bdi className="font-semibold">{entry.event.actorName ?? "The system"}</bdi> {eventText(entry.event)}
                </p>
                {entry.event.kind === "quotation" ? <CopiedTo cc={entry.event.detail.cc} /> : null}
                {entry.event.kind === "merged-in" ? <MergedRequest request={entry.event.detail.request} /> : null}
                {entry.event.kind === "note" ? (
                  <blockquote
                    className="mt-1 border-l-4 border-slate-300 pl-3 break-words whitespace-pre-wrap"
                    dir="auto"
                  >
                    {String(entry.event.detail.text ?? "")}
                  </blockquote>
                ) : null}
              </>
            ) : null}
            {entry.kind === "message" ? (
              <MessageEntry
                message={entry.message}
                files={files.filter((file) => file.messageId === entry.message.id)}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
