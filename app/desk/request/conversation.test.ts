import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Conversation } from "#app/desk/request/conversation.tsx";

const message = {
  id: 1,
  direction: "in" as const,
  subject: "Re: Quotation Q-261122-7F3K9/1",
  body: "Order placed.",
  html: null,
  fromAddress: "dana@works.example",
  fromOther: false,
  automatic: false,
  notKept: [],
  sentByName: null,
  createdAt: "2026-11-25T10:00:00Z",
  sentAt: null,
};
const render = (senderVerified: "verified" | "failed" | "unknown" | null) =>
  renderToStaticMarkup(
    createElement(Conversation, {
      receivedAt: "2026-11-24T09:00:00Z",
      events: [],
      files: [],
      messages: [{ ...message, senderVerified }],
    }),
  );

describe("the conversation", () => {
  it("marks in words an answer whose mail server did not vouch for its sender, and only that one", () => {
    expect(render("failed")).toContain("Sender not verified");
    for (const check of ["verified", "unknown", null] as const) expect(render(check)).not.toContain("not verified");
  });
});

describe("our e-mails in the conversation", () => {
  it("name who else a reply and a quotation were copied to", () => {
    const html = renderToStaticMarkup(
      createElement(Conversation, {
        receivedAt: "2026-11-24T09:00:00Z",
        events: [
          {
            id: 1,
            at: "2026-11-25T11:00:00Z",
            actorName: "Alex Turner",
            kind: "quotation",
            detail: { revision: "Q-261122-7F3K9/1", grossPence: 100, cc: ["pat@works.example"] },
          },
        ],
        files: [],
        messages: [
          {
            ...message,
            direction: "out",
            fromAddress: null,
            sentByName: "Alex Turner",
            senderVerified: null,
            cc: ["sam@works.example", "lee@works.example"],
          },
        ],
      }),
    );
    expect(html).toContain("Cc: <bdi>sam@works.example, lee@works.example</bdi>");
    expect(html).toContain("Cc: <bdi>pat@works.example</bdi>");
  });
});
