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

  // One e-mail must not hold the desk: the old check took 53 s for this reply on a two-core machine.
  it("splits a reply of 50,000 quoted lines at once", () => {
    const reply = `Thanks\n${">\n".repeat(49_999)}> end`;
    const { fresh, quoted } = splitQuoted(reply);
    expect(fresh).toBe("Thanks");
    expect(quoted.split("\n")).toHaveLength(50_000);
    expect(splitQuoted(`${">\n".repeat(49_999)}x`).quoted).toBe("");
  }, 5000);
});

describe("an Outlook reply's quoted part", () => {
  const outlook = [
    "Hi Alex,",
    "",
    "Please go ahead with revision 2, PO 45120 to follow.",
    "",
    "Kind regards",
    "Dana Fitter",
    "Buyer | Severn Foods Ltd",
    "",
    "From: Wrekin MRO Supply <sales@wrekin-mro.example>",
    "Sent: 25 November 2026 10:14",
    "To: Dana Fitter <dana@works.example>",
    "Cc: Sam Buyer <sam@works.example>",
    "Subject: RE: Quotation Q-261125-7KX2M/2",
    "",
    "Dear Dana,",
    "",
    "Please find our quotation Q-261125-7KX2M/2 attached.",
  ].join("\r\n");

  it("folds away from the From/Sent/To/Subject block, which has no separator line", () => {
    const { fresh, quoted } = splitQuoted(outlook);
    expect(fresh).toBe(
      "Hi Alex,\n\nPlease go ahead with revision 2, PO 45120 to follow.\n\nKind regards\nDana Fitter\nBuyer | Severn Foods Ltd",
    );
    expect(quoted.split("\n").slice(0, 2)).toEqual([
      "From: Wrekin MRO Supply <sales@wrekin-mro.example>",
      "Sent: 25 November 2026 10:14",
    ]);
  });

  it("knows the block as new Outlook and Outlook for Mac write it: Date for Sent, bold labels", () => {
    const mac =
      "Thanks, ordered.\n\n*From:* Sales <sales@wrekin-mro.example>\n*Date:* Wednesday, 25 November 2026 at 10:14\n*To:* Dana <dana@works.example>\n*Subject:* Quotation\n\nDear Dana,";
    expect(splitQuoted(mac).fresh).toBe("Thanks, ordered.");
  });

  it("leaves a message that only mentions who it is from whole", () => {
    const mention = "From: our Telford site\nTo: whoever deals with bearings\n\nWe need 20 of 6205-2RS.";
    expect(splitQuoted(`Hello\n${mention}`)).toEqual({ fresh: `Hello\n${mention}`, quoted: "" });
  });

  it("still folds a Gmail reply at its 'wrote:' line", () => {
    const gmail =
      "Yes, 10 please.\n\nOn Wed, 25 Nov 2026 at 10:14, Wrekin MRO Supply <sales@wrekin-mro.example> wrote:\n\n> Dear Dana,\n> Please find our quotation attached.\n";
    expect(splitQuoted(gmail)).toEqual({
      fresh: "Yes, 10 please.",
      quoted:
        "On Wed, 25 Nov 2026 at 10:14, Wrekin MRO Supply <sales@wrekin-mro.example> wrote:\n\n> Dear Dana,\n> Please find our quotation attached.",
    });
  });
});
