import { describe, expect, it } from "vitest";
import { addBeforeSignOff, endsWithSignOff } from "#app/lib/mail-text.ts";

describe("a paragraph added to a message", () => {
  const link = "View and accept this quotation online: https://example.test/q/abc";

  it("goes above the sign-off, so the sender's name still follows it", () => {
    expect(addBeforeSignOff("Dear Robin,\n\nPlease find our quotation attached.\n\nKind regards,", link)).toBe(
      `Dear Robin,\n\nPlease find our quotation attached.\n\n${link}\n\nKind regards,`,
    );
    // As a browser's text box sends it.
    expect(addBeforeSignOff("Dear Robin,\r\n\r\nAttached.\r\n\r\nKind regards,", link)).toBe(
      `Dear Robin,\n\nAttached.\n\n${link}\n\nKind regards,`,
    );
    expect(addBeforeSignOff("Hi,\n\nAttached.\n\n  Many thanks, \n\n", link)).toBe(
      `Hi,\n\nAttached.\n\n${link}\n\nMany thanks,`,
    );
  });

  it("ends a message that has no sign-off", () => {
    expect(addBeforeSignOff("Dear Robin,\n\nPlease find our quotation attached.", link)).toBe(
      `Dear Robin,\n\nPlease find our quotation attached.\n\n${link}`,
    );
    // A last paragraph of several lines, or a long sentence with a comma, is the message's own words.
    expect(addBeforeSignOff("Dear Robin,\n\nThanks,\nAlex", link)).toBe(`Dear Robin,\n\nThanks,\nAlex\n\n${link}`);
    const sentence = "We can also offer the sealed version at the same price if you prefer,";
    expect(addBeforeSignOff(`Dear Robin,\n\n${sentence}`, link)).toBe(`Dear Robin,\n\n${sentence}\n\n${link}`);
    // A one-paragraph message is never read as its own sign-off.
    expect(addBeforeSignOff("Regards,", link)).toBe(`Regards,\n\n${link}`);
  });
});

describe("a message's sign-off", () => {
  it("is a last paragraph of one short line ending in a comma", () => {
    expect(endsWithSignOff("Dear Robin,\r\n\r\nAttached.\r\n\r\nKind regards,\r\n")).toBe(true);
    expect(endsWithSignOff("Dear Robin,\n\nAttached.")).toBe(false);
    expect(endsWithSignOff("Dear Robin,\n\nThanks,\nAlex")).toBe(false);
    expect(endsWithSignOff("Regards,")).toBe(false);
  });
});
