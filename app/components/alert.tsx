import type { ReactNode } from "react";

/** A message a form answers with: a problem (read out at once) or news (read out when the reader is ready). */
export function Alert({ tone = "error", children }: { tone?: "error" | "info"; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border p-3 ${tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-sky-700 bg-sky-50 text-sky-900"}`}
    >
      {children}
    </p>
  );
}
