import type { ReactNode } from "react";
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
  children,
}: {
  /** Also the panel's test id; its heading is `${id}-heading`. */
  id: string;
  tone: "danger" | "plain";
  title: ReactNode;
  text: ReactNode;
  cancel?: { to: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  const danger = tone === "danger";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-lg border-2 p-4 ${danger ? "border-red-700 bg-red-50" : "border-navy bg-mist"} ${className}`}
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
