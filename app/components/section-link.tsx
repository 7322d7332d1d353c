import type { MouseEvent } from "react";
import { Link, type LinkProps, useLocation } from "react-router";

type SectionLinkProps = Omit<LinkProps, "to"> & { section: string };

/**
 * A link to a home-page section (/#id). On the home page it keeps the scroll position so the page
 * can glide to the section after its 100 ms (app/lib/scroll.ts); elsewhere it navigates to /#id.
 */
export function SectionLink({ section, onClick, ...props }: SectionLinkProps) {
  const { pathname } = useLocation();
  return (
    <Link
      {...props}
      to={`/#${section}`}
      preventScrollReset={pathname === "/"}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => onClick?.(event)}
    />
  );
}
