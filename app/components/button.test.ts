import { describe, expect, it } from "vitest";
import { button } from "#app/components/button.ts";
import { cn } from "#app/lib/cn.ts";

const classes = (value: string) => value.split(" ");

describe("button classes", () => {
  it("draws a filled call to action by default", () => {
    expect(classes(button())).toEqual(expect.arrayContaining(["bg-signal", "text-white", "min-h-11"]));
  });

  it("outlines a secondary button in the colour its surface needs", () => {
    expect(classes(button({ variant: "secondary" }))).toEqual(expect.arrayContaining(["border-2", "text-steel"]));
    const onDark = classes(button({ variant: "secondary", surface: "dark" }));
    expect(onDark).toContain("text-white");
    expect(onDark).not.toContain("text-steel");
    expect(onDark).not.toContain("bg-signal");
  });

  it("lets a caller's classes win a clash instead of adding a second value", () => {
    const wide = classes(button({ size: "lg", className: "w-full px-6" }));
    expect(wide).toEqual(expect.arrayContaining(["w-full", "px-6", "text-lg", "text-white"]));
    expect(wide).not.toContain("px-4.5");
  });
});

describe("cn", () => {
  it("drops falsy entries and keeps the later of two clashing classes", () => {
    expect(cn("p-4", false, undefined, "hidden", "p-2")).toBe("hidden p-2");
  });

  it.each([
    ["px-4.5 py-2.5", "p-3", "p-3"],
    ["p-3", "px-6", "p-3 px-6"],
    ["text-lg text-white", "text-steel", "text-lg text-steel"],
    ["text-steel text-center", "text-xl", "text-steel text-center text-xl"],
    ["bg-signal hover:bg-signal-dark", "bg-mist", "hover:bg-signal-dark bg-mist"],
    ["border-2 border-current", "border-red-800", "border-2 border-red-800"],
    ["inline-flex min-h-11", "hidden sm:flex", "min-h-11 hidden sm:flex"],
    ["hover:bg-white/10", "hover:bg-mist", "hover:bg-mist"],
    ["animate-marquee", "motion-reduce:animate-none", "animate-marquee motion-reduce:animate-none"],
  ])("%s + %s = %s", (base, extra, merged) => {
    expect(cn(base, extra)).toBe(merged);
  });
});
