import { describe, expect, it } from "vitest";
import { splitQuoted } from "#app/mail-in/quoted.ts";

describe("a reply's quoted part", () => {
  it("is split off at the line that introduces it", () => {
    expect(
      splitQuoted("Yes please, 10 off.\n\nOn Tue, 24 Nov 2026 at 10:02, Sales <s@x.example> wrote:\n> Our quotation\n"),
    ).toEqual({
      fresh: "Yes please, 10 off.",
      quoted: "On Tue, 24 Nov 2026 at 10:02, Sales <s@x.example> wrote:\n> Our quotation",
    });
    expect(splitQuoted("Agreed\r\n-----Original Message-----\r\nFrom: Sales").quoted).toBe(
      "-----Original Message-----\nFrom: Sales",
    );
    expect(splitQuoted("Fine\n> a\n>\n> b").fresh).toBe("Fine");
  });

  it("leaves a message without one, or one that is only a quotation, whole", () => {
    expect(splitQuoted("Line one\n> not the end\nLine three")).toEqual({
      fresh: "Line one\n> not the end\nLine three",
      quoted: "",
    });
    expect(splitQuoted("> all quoted").fresh).toBe("> all quoted");
  });
});
