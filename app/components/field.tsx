import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ClipboardEventHandler, ReactNode } from "react";
import { input } from "#app/components/input.ts";

type Option = { readonly value: string; readonly label: string };

type Control =
  | {
      kind: "input";
      type: "text" | "email" | "tel" | "number" | "password" | "search";
      autoComplete?: string;
      placeholder?: string;
      onPaste?: ClipboardEventHandler;
    }
  | { kind: "textarea"; rows?: number }
  | { kind: "select"; options: readonly Option[]; placeholder?: string };

/** Where the field's name, value and problem come from: a Conform form's metadata, or a plain form's. */
type Source =
  | { meta: FieldMetadata<string | number | undefined> }
  | { name: string; id?: string; defaultValue?: string; error?: string };

type FieldProps = Control &
  Source & {
    label: ReactNode;
    hint?: ReactNode;
    optional?: boolean;
    className?: string;
    /** Set on the first field with a problem when a page is answered with errors (plain HTML posts). */
    autoFocus?: boolean;
  };

const controlClass = input({
  className:
    "mt-1.5 text-base text-slate-900 shadow-sm " +
    "aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700 " +
    "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500",
});

/** The control's own attributes: its id and name, its value, and what ties it to its hint and its problem. */
function wiring(props: FieldProps, hintId: string | undefined) {
  if ("meta" in props) {
    const { meta } = props;
    const described = { ariaDescribedBy: hintId };
    const attributes =
      props.kind === "input"
        ? getInputProps(meta, { type: props.type, ...described })
        : props.kind === "textarea"
          ? getTextareaProps(meta, described)
          : getSelectProps(meta, described);
    return { id: meta.id, key: meta.key, error: meta.errors?.[0], errorId: meta.errorId, attributes };
  }
  const id = props.id ?? props.name;
  const errorId = `${id}-error`;
  const describedBy = [hintId, props.error ? errorId : undefined].filter(Boolean).join(" ");
  const attributes = {
    id,
    name: props.name,
    defaultValue: props.defaultValue,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    ...(props.kind === "input" ? { type: props.type } : {}),
  };
  return { id, key: undefined, error: props.error, errorId, attributes };
}

/**
 * One form field, the site's and the desk's alike: label, hint, control and problem, tied together with
 * aria-invalid and aria-describedby.
 */
export function Field(props: FieldProps) {
  const { label, hint, optional, className = "", autoFocus } = props;
  const hintId = hint ? `${"meta" in props ? props.meta.id : (props.id ?? props.name)}-hint` : undefined;
  const { id, key, error, errorId, attributes } = wiring(props, hintId);
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-navy">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {props.kind === "input" ? (
        <input
          {...attributes}
          key={key}
          // biome-ignore lint/a11y/noAutofocus: only on the field whose error the page answers with
          autoFocus={autoFocus}
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
          onPaste={props.onPaste}
          className={controlClass}
        />
      ) : props.kind === "textarea" ? (
        <textarea
          {...attributes}
          key={key}
          // biome-ignore lint/a11y/noAutofocus: only on the field whose error the page answers with
          autoFocus={autoFocus}
          rows={props.rows ?? 5}
          className={controlClass}
        />
      ) : (
        <select
          {...attributes}
          key={key}
          // biome-ignore lint/a11y/noAutofocus: only on the field whose error the page answers with
          autoFocus={autoFocus}
          className={controlClass}
        >
          {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
