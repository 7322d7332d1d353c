import { type HTMLAttributes, type ReactNode, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";

type StaticProps = HTMLAttributes<HTMLElement> & {
  /** The element the part is (a wrapper `div` by default; `className="contents"` keeps it out of the layout). */
  as?: "div" | "section" | "footer";
  children: ReactNode;
};

/**
 * A part of a page that never changes once it is shown: text, pictures and links. When the page starts in
 * the browser, React keeps the server's HTML for it as it is instead of hydrating it element by element,
 * which on a phone's CPU is most of the work a page's start-up does (docs/decisions/0019-static-parts.md).
 * A page reached by navigating in the browser renders it in full, as any other component.
 *
 * Only for parts with no state or event handler of their own: their links are followed by `useStaticLinks`.
 */
export function Static({ as: Element = "div", children, ...props }: StaticProps) {
  const id = useId();
  // The id is the server's only while hydrating: a part rendered later in the browser has a new one, so it
  // finds no HTML to keep and renders its children.
  const [html] = useState(() =>
    typeof document === "undefined"
      ? undefined
      : document.querySelector(`[data-static="${CSS.escape(id)}"]`)?.innerHTML,
  );
  if (html === undefined) {
    return (
      <Element {...props} data-static={id}>
        {children}
      </Element>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own HTML for this part, read back unchanged
  return <Element {...props} data-static={id} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Links inside static parts are plain HTML, not `<Link>` elements: a click on one (or Enter on it) moves in
 * the app as `<Link>` would, without loading the page again, and leaves new tabs, downloads and other
 * origins to the browser.
 */
export function useStaticLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || !anchor.closest("[data-static]")) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      if (anchor.origin !== window.location.origin || !/^https?:$/.test(anchor.protocol)) return;
      event.preventDefault();
      const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
      const here = window.location;
      const samePage = anchor.pathname === here.pathname;
      // As `<Link>` does: the same address again replaces the history entry; a section of this page is
      // reached by the page's own glide (useHashScroll), not by a jump to the top.
      navigate(to, {
        replace: to === `${here.pathname}${here.search}${here.hash}`,
        preventScrollReset: samePage && anchor.hash !== "",
      });
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
}
