import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "#app/lib/cn.ts";

// A short label beside a name: outlined in the colour of what it labels, or filled when it asks for attention.
const badgeVariants = cva("rounded px-2 py-0.5 text-sm whitespace-nowrap", {
  variants: {
    tone: {
      /** Its colours come in className (a request's status). */
      outline: "inline-block border font-semibold",
      navy: "inline-flex items-center gap-1 bg-navy font-bold text-white",
      alarm: "inline-flex items-center gap-1 bg-red-700 font-bold text-white",
    },
  },
  defaultVariants: { tone: "outline" },
});

/** Class names for a badge; extra classes in className win clashes. */
export function badge({ className, ...variants }: VariantProps<typeof badgeVariants> & { className?: string } = {}) {
  return cn(badgeVariants(variants), className);
}
