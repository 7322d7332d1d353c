import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ClipboardEventHandler, ReactNode } from "react";
import { input } from "#app/components/input.ts";

type Option = { readonly value: string; readonly label: string };

type Control =
  | {
      kind: "input";
      type: "text" | "email" | "tel" | "number" | "password";
      autoComplete?: string;
      onPaste?: ClipboardEventHandler;
    }
  | { kind: "textarea"; rows?: number }
  | { kind: "select"; options: readonly Option[]; placeholder?: string };

type FieldProps = Control & {
  meta: FieldMetadata<string | number | undefined>;
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

/** One form field: label, control, hint and error message, tied together with aria-invalid and aria-describedby. */
export function Field({ meta, label, hint, optional, className = "", autoFocus, ...control }: FieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const error = meta.errors?.[0];
  const described = { ariaDescribedBy: hintId };
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="block font-semibold text-navy">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {control.kind === "input" ? (
        <input
          {...getInputProps(meta, { type: control.type, ...described })}
          key={meta.key}
          // biome-ignore lint/a11y/noAutofocus: only on the field whose error the page answers with
          autoFocus={autoFocus}
          autoComplete={control.autoComplete}
          onPaste={control.onPaste}
          className={controlClass}
        />
      ) : control.kind === "textarea" ? (
        <textarea
          {...getTextareaProps(meta, described)}
          key={meta.key}
          // biome-ignore lint/a11y/noAutofocus: only on the field whose error the page answers with
          autoFocus={autoFocus}
          rows={control.rows ?? 5}
          className={controlClass}
        />
      ) : (
        <select
          {...getSelectProps(meta, described)}
          key={meta.key}
          // biome-ignore lint/a11y/noAutofocus: only on the field whose error the page answers with
          autoFocus={autoFocus}
          className={controlClass}
        >
          {control.placeholder !== undefined ? <option value="">{control.placeholder}</option> : null}
          {control.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      {error ? (
        <p id={meta.errorId} className="mt-1.5 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
