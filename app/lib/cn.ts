import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge, validators } from "tailwind-merge";

const { isArbitraryValue, isFraction, isNumber, isTshirtSize } = validators;

/** Our palette, Tailwind's named colours (red-700) and arbitrary values; opacity (/10) is read apart. */
const isColor = (value: string) =>
  /^(inherit|current|transparent|black|white|navy|steel|sky|mist|paper|signal|signal-dark|amber|[a-z]+-\d{2,3})$/.test(
    value,
  ) || isArbitraryValue(value);
const spacing = [isNumber, isArbitraryValue, "px"];
const sizes = [...spacing, isFraction, "auto", "full", "screen", "min", "max", "fit"];
const sides = (prefix: string) => Object.fromEntries(["", "x", "y", "t", "r", "b", "l"].map((s) => [s, prefix + s]));
const p = sides("p");
const m = sides("m");
const spacingGroups = (names: Record<string, string>) =>
  Object.fromEntries(
    Object.values(names).map((name) => [name, [{ [name]: name.startsWith("m") ? [...spacing, "auto"] : spacing }]]),
  );

/**
 * tailwind-merge with only the class groups the site's components combine (layout, spacing, size, type,
 * colour, border, motion). Its full default configuration costs about 8 KB of gzipped script on every
 * page, which the page budget (docs/performance.md) cannot spare; classes outside these groups are simply
 * kept, as clsx would.
 */
const merge = createTailwindMerge(() => ({
  cacheSize: 200,
  theme: {},
  classGroups: {
    display: ["block", "inline-block", "inline", "flex", "inline-flex", "grid", "inline-grid", "contents", "hidden"],
    w: [{ w: sizes }],
    h: [{ h: sizes }],
    "min-h": [{ "min-h": sizes }],
    "max-w": [{ "max-w": [...sizes, isTshirtSize, "none", "prose"] }],
    items: [{ items: ["start", "end", "center", "baseline", "stretch"] }],
    justify: [{ justify: ["start", "end", "center", "between", "around", "evenly", "stretch"] }],
    self: [{ self: ["auto", "start", "end", "center", "stretch", "baseline"] }],
    gap: [{ gap: spacing }],
    "gap-x": [{ "gap-x": spacing }],
    "gap-y": [{ "gap-y": spacing }],
    ...spacingGroups(p),
    ...spacingGroups(m),
    rounded: [{ rounded: ["", "none", "full", isTshirtSize, isArbitraryValue] }],
    "font-size": [{ text: ["base", isTshirtSize] }],
    "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
    "text-color": [{ text: [isColor] }],
    "font-weight": [
      { font: ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"] },
    ],
    leading: [{ leading: ["none", "tight", "snug", "normal", "relaxed", "loose", isNumber] }],
    "bg-color": [{ bg: [isColor] }],
    "border-w": [{ border: ["", isNumber] }],
    "border-color": [{ border: [isColor] }],
    opacity: [{ opacity: [isNumber] }],
    transition: ["transition", { transition: ["none", "all", "colors", "opacity", "shadow", "transform"] }],
    duration: [{ duration: [isNumber] }],
  },
  conflictingClassGroups: {
    p: ["px", "py", "pt", "pr", "pb", "pl"],
    px: ["pr", "pl"],
    py: ["pt", "pb"],
    m: ["mx", "my", "mt", "mr", "mb", "ml"],
    mx: ["mr", "ml"],
    my: ["mt", "mb"],
    gap: ["gap-x", "gap-y"],
  },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}));

/** Joins class names, dropping falsy ones; where two Tailwind classes clash, the later one wins. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
