import { Form } from "react-router";
import { button } from "#app/components/button.ts";
import { ConfirmPanel } from "#app/components/confirm-panel.tsx";
import { input } from "#app/components/input.ts";
import { AnswerSpot, type ShownReply, useAnswerAction } from "#app/desk/request/answers.tsx";
import { VersionField } from "#app/desk/request/team-panels.tsx";

const selectClass = input({ className: "mt-1.5 max-w-xs" });

/** Who has the request: take it, or give it to someone; taking a colleague's asks first. */
export function OwnerPanel({
  version,
  ownerId,
  ownerName,
  me,
  staff,
  message,
  busy,
}: {
  version: number;
  ownerId: string | null;
  ownerName: string | null;
  me: string;
  staff: { id: string; name: string }[];
  message: ShownReply | undefined;
  busy: boolean;
}) {
  const action = useAnswerAction("owner");
  return (
    <div className="mt-4">
      <p>
        <span className="font-semibold text-navy">Owner: </span>
        {ownerName ? (ownerId === me ? `${ownerName} (you)` : ownerName) : "Nobody yet"}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {ownerId !== me ? (
          <Form method="post" action={action}>
            <VersionField version={version} />
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="owner" value="me" />
            <button type="submit" className={button({ variant: "steel" })} disabled={busy}>
              Take it
            </button>
          </Form>
        ) : null}
        <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
          <VersionField version={version} />
          <input type="hidden" name="intent" value="assign" />
          <div>
            <label htmlFor="owner" className="block font-semibold text-navy">
              Assign to
            </label>
            <select id="owner" name="owner" defaultValue={ownerId ?? ""} key={ownerId ?? ""} className={selectClass}>
              <option value="">Nobody</option>
              {staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={button({ variant: "quiet" })} disabled={busy}>
            Assign
          </button>
        </Form>
      </div>
      <AnswerSpot place="owner" message={message}>
        {message?.confirmTake ? (
          <ConfirmTake version={version} ownerName={message.confirmTake.ownerName} action={action} busy={busy} />
        ) : null}
      </AnswerSpot>
    </div>
  );
}

function ConfirmTake({
  version,
  ownerName,
  action,
  busy,
}: {
  version: number;
  ownerName: string;
  action: string;
  busy: boolean;
}) {
  return (
    <ConfirmPanel
      id="confirm-take"
      tone="plain"
      className="mt-2"
      takeFocus
      title={
        <>
          <bdi>{ownerName}</bdi> owns this request. Take it from them?
        </>
      }
      text="They will be told by e-mail that it is yours now."
    >
      <Form method="post" action={action}>
        <VersionField version={version} />
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="owner" value="me" />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={button({ variant: "steel" })} disabled={busy}>
          Yes, take it
        </button>
      </Form>
    </ConfirmPanel>
  );
}
