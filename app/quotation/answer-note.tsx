import { type ReactNode, useEffect, useRef } from "react";

/**
 * An answer to a button takes the focus once the page is up, so it is read out and seen where the eye already
 * is. Without scripts the button's own address (#id) scrolls the page to it instead.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const element = useRef<T>(null);
  useEffect(() => {
    element.current?.focus();
  }, []);
  return element;
}

export const focusedAnswerClass = "scroll-mt-24 focus:outline-3 focus:outline-offset-2 focus:outline-signal";

/** The answer to a button, shown beside it. */
export function AnswerNote({
  id,
  ok,
  className = "",
  children,
}: {
  id: string;
  ok: boolean;
  className?: string;
  children: ReactNode;
}) {
  const note = useFocusOnMount<HTMLDivElement>();
  return (
    <div
      id={id}
      ref={note}
      tabIndex={-1}
      role="status"
      className={`rounded-md border p-2 font-semibold ${focusedAnswerClass} ${ok ? "border-green-700 bg-green-50 text-green-900" : "border-red-700 bg-red-50 text-red-800"} ${className}`}
    >
      {children}
    </div>
  );
}

const lineBoxes: Record<string, string> = {
  part: "part",
  description: "description",
  brand: "brand",
  quantity: "qty",
  unitPrice: "unit price",
  availability: "availability",
  days: "working days",
  alternative: "alternative offered",
  note: "note",
};
const termBoxes: Record<string, string> = {
  lines: "Lines",
  delivery: "Delivery charge",
  validUntil: "Valid until",
  vatRate: "VAT rate",
  paymentTerms: "Payment terms",
  deliveryTerms: "Delivery terms",
  buyerReference: "Buyer's reference",
  deliveryAddress: "Delivery address",
  subject: "E-mail subject",
  message: "E-mail message",
};

/** "lines[3].unitPrice" is the box labelled "Line 4 Unit price", with the id "lines-3--unitPrice". */
function box(key: string) {
  const line = /^lines\[(\d+)\]\.(\w+)$/.exec(key);
  const name = line ? `Line ${Number(line[1]) + 1} ${lineBoxes[line[2] ?? ""] ?? line[2]}` : (termBoxes[key] ?? key);
  return { name, id: key === "lines" ? "lines-heading" : key.replace(/[[\].]/g, "-") };
}

/** The message, and a link to each box that needs attention: a keyboard reaches the first in one step. */
export function AnswerText({ message, errors = {} }: { message: string; errors?: Record<string, string> }) {
  const keys = Object.keys(errors);
  return (
    <>
      {message}
      {keys.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 font-normal">
          {keys.map((key) => {
            const { name, id } = box(key);
            return (
              <li key={key}>
                <a
                  href={`#${id}`}
                  className="underline underline-offset-2"
                  onClick={(event) => {
                    const target = document.getElementById(id);
                    if (!target) return;
                    event.preventDefault();
                    target.focus();
                  }}
                >
                  {name}
                </a>
                : {errors[key]}
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
