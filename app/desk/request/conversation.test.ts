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
