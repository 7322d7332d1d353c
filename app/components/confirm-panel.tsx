import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";

/**
 * Asks before a step that cannot be undone (works without scripts: the first post only asks): what it will
 * do, the one control that does it, and a way out that changes nothing.
 */
export function ConfirmPanel({
  id,
  tone,
  title,
  text,
  cancel = { to: ".", label: "Cancel" },
  className = "",
  takeFocus = false,
  children,
}: {
  /** Also the panel's test id; its heading is `${id}-heading`. */
  id: string;
  tone: "danger" | "plain";
  title: ReactNode;
  text: ReactNode;
  cancel?: { to: string; label: string };
  className?: string;
  /** Asked beside the control that asked for it, the question takes the focus, so it is read out and seen. */
  takeFocus?: boolean;
  children: ReactNode;
}) {
  const danger = tone === "danger";
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (takeFocus) panel.current?.focus();
  }, [takeFocus]);
  return (
    <section
      ref={panel}
      tabIndex={takeFocus ? -1 : undefined}
      aria-labelledby={`${id}-heading`}
      className={`scroll-mt-24 rounded-lg border-2 p-4 focus:outline-3 focus:outline-offset-2 focus:outline-signal ${danger ? "border-red-700 bg-red-50" : "border-navy bg-mist"} ${className}`}
      data-testid={id}
    >
      <h2 id={`${id}-heading`} className={`text-lg font-bold ${danger ? "text-red-900" : "text-navy"}`}>
        {title}
      </h2>
      <p className="mt-1">{text}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {children}
        <Link to={cancel.to} className={button({ variant: "quiet" })}>
          {cancel.label}
        </Link>
      </div>
    </section>
  );
}
