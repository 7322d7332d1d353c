import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { ListPlus, X } from "lucide-react";
import { type ClipboardEvent, useState } from "react";
import { button } from "#app/components/button.ts";
import { Field } from "#app/components/field.tsx";
import { type PartsLine, partsLimits } from "#app/quote/parts.ts";
import { looksLikeList, parsePastedList } from "#app/quote/paste.ts";

type LineValue = { part?: string; quantity?: string; brand?: string };
// biome-ignore lint/suspicious/noExplicitAny: the list is the same whichever form schema holds it
type AnyForm = any;
type LinesMeta = FieldMetadata<PartsLine[], AnyForm, string[]>;

const asFormValue = (line: PartsLine): LineValue => ({
  part: line.part,
  quantity: String(line.quantity),
  brand: line.brand ?? "",
});

/** Rows copied from a spreadsheet or a text, pasted into the first line, fill the list (said aloud). */
function usePastedList(form: FormMetadata<AnyForm, string[]>, lines: LinesMeta) {
  const [announcement, setAnnouncement] = useState("");
  const list = lines.getFieldList();

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData("text/plain");
    if (!looksLikeList(text)) return;
    event.preventDefault();
    // Lines already filled after the first stay below the pasted ones.
    const kept = list
      .slice(1)
      .map((line) => line.value as unknown as LineValue | undefined)
      .filter((value): value is LineValue => Boolean(value?.part || value?.brand));
    const pasted = parsePastedList(text, partsLimits.lines - kept.length);
    if (pasted.lines.length === 0) return;
    // Outside the paste handler: a form submission started inside a React event is not React's to handle.
    const value = [...pasted.lines.map(asFormValue), ...kept];
    setTimeout(() => form.update({ name: lines.name, value }));
    const added = `${pasted.lines.length} ${pasted.lines.length === 1 ? "line" : "lines"} added from your list.`;
    const dropped = pasted.dropped
      ? ` ${pasted.dropped} more did not fit: the list takes up to ${partsLimits.lines} lines.`
      : "";
    setAnnouncement(added + dropped);
  }

  return { announcement, onPaste };
}

/** One part: number or description, quantity and brand, and Remove while there is more than one line. */
function PartsLineRow({
  line,
  index,
  count,
  form,
  listName,
  onPaste,
  problem,
}: {
  line: ReturnType<LinesMeta["getFieldList"]>[number];
  index: number;
  count: number;
  form: FormMetadata<AnyForm, string[]>;
  listName: string;
  onPaste?: (event: ClipboardEvent<HTMLInputElement>) => void;
  problem?: string;
}) {
  const item = line.getFieldset();
  const n = index + 1;
  const suffix = count > 1 ? <span className="sr-only">, line {n}</span> : null;
  return (
    <li className="grid min-w-0 grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_5.5rem_minmax(0,10rem)_auto] sm:items-end">
      <Field
        meta={item.part}
        label={<>Part number or description{suffix}</>}
        kind="input"
        type="text"
        className="col-span-2 sm:col-span-1"
        onPaste={onPaste}
        autoFocus={problem === item.part.name}
      />
      <Field
        meta={item.quantity}
        label={<>Qty{suffix}</>}
        kind="input"
        type="number"
        autoFocus={problem === item.quantity.name}
      />
      <Field
        meta={item.brand}
        label={<>Brand{suffix}</>}
        optional
        kind="input"
        type="text"
        autoFocus={problem === item.brand.name}
      />
      {count > 1 ? (
        <button
          {...form.remove.getButtonProps({ name: listName, index })}
          className={button({ variant: "secondary", className: "col-span-2 justify-self-start sm:col-span-1" })}
        >
          <X aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> line {n}</span>
        </button>
      ) : null}
    </li>
  );
}

/**
 * The optional parts list: one row per part, added and removed with Conform's intent buttons (a round
 * trip to the server without scripts). Pasting several rows into the first line fills the list.
 */
export function PartsList({
  form,
  lines,
  problem,
}: {
  form: FormMetadata<AnyForm, string[]>;
  lines: LinesMeta;
  /** The field to focus when the page answers a plain HTML post with errors. */
  problem?: string;
}) {
  const list = lines.getFieldList();
  const listError = lines.errors?.[0];
  const { announcement, onPaste } = usePastedList(form, lines);

  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="font-semibold text-navy">
        Parts list <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <p id={`${lines.id}-hint`} className="mt-0.5 text-sm text-slate-600">
        One part per line. You can paste rows copied from a spreadsheet into the first line.
      </p>
      <p aria-live="polite" className="text-sm font-semibold text-green-800 not-empty:mt-2">
        {announcement}
      </p>
      {listError ? (
        <p id={lines.errorId} className="mt-1.5 text-sm font-semibold text-red-700">
          {listError}
        </p>
      ) : null}
      <ol className="mt-3 grid gap-4">
        {list.map((line, index) => (
          <PartsLineRow
            key={line.key}
            line={line}
            index={index}
            count={list.length}
            form={form}
            listName={lines.name}
            onPaste={index === 0 ? onPaste : undefined}
            problem={problem}
          />
        ))}
      </ol>
      {list.length < partsLimits.lines ? (
        <button
          {...form.insert.getButtonProps({ name: lines.name, defaultValue: { quantity: "1" } })}
          className={button({ variant: "secondary", className: "mt-3" })}
        >
          <ListPlus aria-hidden="true" className="size-5" />
          Add a line
        </button>
      ) : null}
    </fieldset>
  );
}
