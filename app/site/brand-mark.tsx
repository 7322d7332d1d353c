import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { useSite } from "#app/lib/root-data.ts";

export function BrandLink({ className = "" }: { className?: string }) {
  const site = useSite();
  return (
    <Link to="/" className={cn("flex min-h-11 items-center gap-2.5 font-bold", className)}>
      <img src="/art/brand/mark.svg" alt="" width={40} height={40} fetchPriority="high" className="size-10 shrink-0" />
      <span className="text-lg leading-tight">{site.name}</span>
    </Link>
  );
}
