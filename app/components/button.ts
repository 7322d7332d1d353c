import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "#app/lib/cn.ts";

// One button system for the site and the desk: the site's signal orange and outline, the desk's steel.
const buttonVariants = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4.5 py-2.5 text-center leading-tight font-semibold transition-colors duration-150 disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "bg-signal text-white hover:bg-signal-dark",
        secondary: "border-2 border-current",
        /** The desk's main action. */
        steel: "bg-steel text-white hover:bg-navy",
        /** The desk's other actions. */
        quiet: "border border-steel bg-white text-steel hover:bg-mist",
        /** Removing or discarding for good. */
        danger: "bg-red-800 text-white hover:bg-red-900",
        /** A quiet button that removes. */
        "quiet-danger": "border border-red-700 bg-white text-red-800 hover:bg-red-50",
      },
      /** What the button sits on: an outlined button takes its colour from it. */
      surface: { light: "", dark: "" },
      size: { md: "", lg: "text-lg" },
    },
    compoundVariants: [
      { variant: "secondary", surface: "light", className: "text-steel hover:bg-mist" },
      { variant: "secondary", surface: "dark", className: "text-white hover:bg-white/10" },
    ],
    defaultVariants: { variant: "primary", surface: "light", size: "md" },
  },
);

export type ButtonOptions = VariantProps<typeof buttonVariants> & { className?: string };

/** Class names for a link or button that looks like a button; extra classes in className win clashes. */
export function button({ className, ...variants }: ButtonOptions = {}) {
  return cn(buttonVariants(variants), className);
}
