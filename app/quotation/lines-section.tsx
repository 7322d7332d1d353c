import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { AnswerNote, AnswerText } from "#app/quotation/answer-note.tsx";
import type { DraftLine } from "#app/quotation/draft.ts";
import { GridHeadings, LineRow, priceHintId } from "#app/quotation/line-grid.tsx";
import type { EditorReply } from "#app/routes/desk/quotation-action.server.ts";

/** The lines, one row each, with Add a line under them; a Move's answer goes to the line it moved. */
export function LinesSection({
  lines,
  errors,
  reply,
  spreadsheets,
}: {
  lines: DraftLine[];
  errors: Record<string, string>;
  reply: EditorReply | undefined;
  /** The buyer's spreadsheets whose parts list can be added as lines. */
  spreadsheets: { id: number; fileName: string }[];
}) {
  return (
    <section aria-labelledby="lines-heading" className={`${cardClass} p-3 sm:p-4`}>
      <h2 id="lines-heading" className="text-lg font-bold text-navy">
        Lines
      </h2>
      <p id={priceHintId} className="text-sm text-slate-700">
        Unit prices in £ excluding VAT, like 12.50; POA for a price on application, left out of the totals.
      </p>
      {errors.lines ? <p className="mt-1 font-semibold text-red-700">{errors.lines}</p> : null}
      <div className="mt-2 space-y-2 lg:space-y-0">
        <GridHeadings />
        {lines.map((line, index) => (
          <LineRow
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity; every change reloads the page
            key={index}
            line={line}
            index={index}
            count={lines.length}
            errors={errors}
            answer={reply?.at === `line:${index}` ? reply : undefined}
          />
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="add"
          formAction="#lines-answer"
          className={button({ variant: "quiet" })}
        >
          Add a line
        </button>
        {spreadsheets.map((file) => (
          <button
            key={file.id}
            type="submit"
            name="intent"
            value={`fill:${file.id}`}
            formAction="#lines-answer"
            className={button({ variant: "quiet", className: "max-w-full" })}
          >
            <span className="min-w-0 wrap-anywhere">
              Add the lines from <bdi>{file.fileName}</bdi>
            </span>
          </button>
        ))}
      </div>
      {reply?.at === "lines" ? (
        <AnswerNote id="lines-answer" ok={reply.ok} className="mt-2">
          <AnswerText message={reply.message} errors={reply.errors} />
        </AnswerNote>
      ) : null}
    </section>
  );
}
