import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AnswerSpot, placeOf, type ShownReply } from "#app/desk/request/answers.tsx";
import { OnlinePanel } from "#app/desk/request/order-panel.tsx";
import { OwnerPanel } from "#app/desk/request/owner-panel.tsx";
import { MergedNotice } from "#app/desk/request/request-header.tsx";
import { NoteForm } from "#app/desk/request/request-panels.tsx";

const render = (element: ReactElement) =>
  renderToStaticMarkup(createElement(createRoutesStub([{ path: "/", Component: () => element }])));

const answer = (intent: string, message: string, ok = true): ShownReply => ({ ok, intent, message, seq: 1 });

const owner = (message?: ShownReply) =>
  render(
    createElement(OwnerPanel, {
      version: 3,
      ownerId: null,
      ownerName: null,
      me: "alex",
      staff: [{ id: "bea", name: "Bea Khan" }],
      message,
      busy: false,
    }),
  );

/** The panel of a request whose quotation was accepted online, after `message`. */
const acceptance = (message?: ShownReply) =>
  render(
    createElement(OnlinePanel, {
      reference: "Q-261126-7F3K9",
      status: "accepted",
      version: 4,
      busy: false,
      message,
      rows: [
        {
          quotationId: 1,
          revision: 1,
          netPence: 2580,
          firstViewedAt: null,
          lastViewedAt: null,
          response: {
            answer: "accepted",
            buyerName: "Robin Buyer",
            poNumber: "4500012345",
            deliveryAddress: null,
            notes: null,
            declineReason: null,
            declineText: null,
            createdAt: "2026-11-26T09:00:00Z",
          },
        },
      ],
    }),
  );

describe("the answer to an action on a request's page", () => {
  it("appears beside the control that caused it, ready to take the focus, and nowhere else", () => {
    const html = owner(answer("assign", "It is yours now."));
    expect(html).toMatch(
      /<div id="answer-owner"[^>]*><div id="answer-owner-note" tabindex="-1" role="status"[^>]*>It is yours now\.<\/div>/,
    );
    expect(owner(answer("note", "Note added."))).not.toContain("Note added.");
    const top = render(createElement(AnswerSpot, { place: "top", message: answer("note", "Note added.") }));
    expect(top).not.toContain("Note added.");
    expect(placeOf("nonsense")).toBe("top");
  });

  it("is where a page without scripts opens after the post: each form's address ends in the answer's #id", () => {
    const forms = [...owner().matchAll(/<form[^>]*action="([^"]*)"/g)].map((match) => match[1]);
    expect(forms).toEqual(["/#answer-owner", "/#answer-owner"]);
    const accepted = acceptance();
    // Confirm order (Won) and the query beside it.
    expect([...accepted.matchAll(/<form[^>]*action="([^"]*)"/g)].map((match) => match[1])).toEqual([
      "/#answer-online",
      "/#answer-online",
    ]);
  });

  it("keeps the buyer's order confirmation ticked, unless Confirm order was refused with it unticked", () => {
    const ticked = (html: string) => {
      const box = html.match(/<input type="checkbox"[^>]*name="tellBuyer"[^>]*>/)?.[0];
      if (!box) throw new Error("no box to tick");
      return box.includes('checked=""');
    };
    const refused = (intent: string, values: Record<string, string>) => ({
      ...answer(intent, "Refused", false),
      values,
    });
    expect(ticked(acceptance())).toBe(true);
    // Another form's refusal says nothing about this box.
    expect(ticked(acceptance(refused("send-reply", { subject: "" })))).toBe(true);
    expect(ticked(acceptance(refused("confirm-order", { orderValue: "", tellBuyer: "yes" })))).toBe(true);
    expect(ticked(acceptance(refused("confirm-order", { orderValue: "" })))).toBe(false);
  });

  it("shows a refusal's messages and typed words only in the form that was sent", () => {
    const refusedNote = { ...answer("note", "Check the note.", false), errors: { note: "Write a note first" } };
    const refusedQuery = { ...answer("query", "Check the query.", false), errors: { note: "Say what needs checking" } };
    const refusedStatus = {
      ...answer("status", "Check the value.", false),
      errors: { orderValue: "Enter the order's value" },
      values: { orderValue: "12x" },
    };
    const withNote = (message: ShownReply) => render(createElement(NoteForm, { version: 4, message, busy: false }));
    expect(withNote(refusedNote)).toContain("Write a note first");
    expect(withNote(refusedQuery)).not.toContain("Say what needs checking");
    expect(acceptance(refusedQuery)).toContain("Say what needs checking");
    expect(acceptance(refusedNote)).not.toContain("Write a note first");
    expect(acceptance(refusedStatus)).not.toContain("Enter the order's value");
    expect(acceptance(refusedStatus)).not.toContain('value="12x"');
  });

  it("shows words refused on a merged request, to copy to the request it was merged into", () => {
    const html = render(
      createElement(MergedNotice, { into: "Q-261126-7F3K9", unsent: { subject: "Seals", body: "Which gearbox?" } }),
    );
    expect(html).toContain("What you wrote was not sent or kept; copy it to Q-261126-7F3K9:");
    expect(html).toContain("Which gearbox?");
    expect(render(createElement(MergedNotice, { into: "Q-261126-7F3K9" }))).not.toContain("What you wrote");
  });

  it("asks beside Take it before taking a colleague's request", () => {
    const html = owner({ ...answer("assign", ""), confirmTake: { ownerName: "Bea Khan" } });
    expect(html).toContain("<bdi>Bea Khan</bdi> owns this request. Take it from them?");
    expect(html).toMatch(/<section tabindex="-1" aria-labelledby="confirm-take-heading"/);
    expect(html).toContain('<input type="hidden" name="confirmed" value="yes"/>');
  });
});
