import type { ReactNode } from "react";

/** The heading band at the top of the catalogue pages. */
export function PageIntro({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <div className="bg-navy text-white">
      <div className="container-page py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-200">{intro}</p>
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </div>
  );
}
