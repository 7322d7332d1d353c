import { input } from "#app/components/input.ts";
import { maxCc } from "#app/mail-out/cc.ts";

/** Who else an e-mail to the buyer is copied to (their colleague in purchasing, say); optional. */
export function CcField({ id, value, error }: { id: string; value?: string; error?: string }) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block font-semibold text-navy">
        Cc (optional)
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        Up to {maxCc} e-mail addresses, separated by commas. Their answers join this request.
      </p>
      <input
        id={id}
        name="cc"
        type="text"
        inputMode="email"
        autoComplete="off"
        defaultValue={value}
        maxLength={2000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={input({ className: "mt-1.5" })}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
