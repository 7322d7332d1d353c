import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { InboxRow } from "#app/desk/inbox/inbox.server.ts";
import { RequestList } from "#app/desk/inbox/inbox-list.tsx";
import type { ShownReply } from "#app/desk/request/answers.tsx";
import { Conversation } from "#app/desk/request/conversation.tsx";
import { OwnerPanel } from "#app/desk/request/owner-panel.tsx";
import { RequestAsSent } from "#app/desk/request/request-panels.tsx";
import { HistoryPanel } from "#app/desk/request/team-panels.tsx";

// What a buyer typed, shown on the desk, cannot turn the text around it: a right-to-left override in a
// name would otherwise make the company beside a reference read backwards.
const rlo = "\u202E";
const typed = (text: string) => `${text} ${rlo}dtl sdooF`;
const now = new Date("2026-11-24T10:00:00Z");
const createdAt = new Date("2026-11-24T09:00:00Z");

/** The markup of desk sections as the server sends it, inside a router as on the desk's pages. */
const render = (element: ReactElement) =>
  renderToStaticMarkup(createElement(createRoutesStub([{ path: "/", Component: () => element }])));

const voidElements = new Set(["area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"]);

/**
 * Each run of text in the markup that holds `needle`, with whether an element around it isolates it
 * (a `<bdi>`, or any element with `dir="auto"`).
 */
function isolation(html: string, needle: string) {
  const isolating: boolean[] = [];
  const runs: boolean[] = [];
  for (const [, closing, tag = "", attributes = "", text] of html.matchAll(/<(\/?)([a-z][\w-]*)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) {
      if (text.includes(needle)) runs.push(isolating.includes(true));
    } else if (closing) isolating.pop();
    else if (!voidElements.has(tag)) isolating.push(tag === "bdi" || /\sdir="auto"/.test(attributes));
  }
  return runs;
}

function expectIsolated(html: string, count: number) {
  const runs = isolation(html, rlo);
  expect(runs).toHaveLength(count);
  expect(runs.every(Boolean), html).toBe(true);
}

describe("the desk isolates what buyers typed", () => {
  it("in the inbox: name, company and owner", () => {
    const row = {
      id: 1,
      reference: "Q-261124-7KX2M",
      customerName: typed("Dana"),
      company: typed("Severn"),
      status: "new",
      urgency: "standard",
      category: "bearings",
      createdAt,
      firstReplyAt: null,
      customerRepliedAt: null,
      ownerName: typed("Sam"),
      spamReasons: [],
    } as unknown as InboxRow;
    expectIsolated(render(createElement(RequestList, { page: { rows: [row] }, search: {}, now })), 3);
  });

  it("on the request: every field as sent, the parts list and the files", () => {
    const quote = {
      reference: "Q-261124-7KX2M",
      customerName: typed("Dana"),
      email: `dana@works.example${rlo}`,
      company: typed("Severn"),
      phone: `01632 960123${rlo}`,
      category: "bearings",
      urgency: "standard",
      requirements: typed("2 x 6205"),
      createdAt,
      status: "new" as const,
      version: 1,
      lostReason: null,
    };
    const lines = [{ id: 1, part: typed("6205-2RS"), quantity: 2, brand: typed("SKF") }];
    const files = [
      { id: 1, fileName: `drawing${rlo}fdp.exe`, contentType: "application/pdf", size: 10, messageId: null },
    ];
    expectIsolated(render(createElement(RequestAsSent, { quote, lines, files })), 8);
  });

  it("in the conversation: sender, subject, body, notes and the names of files not kept", () => {
    const html = render(
      createElement(Conversation, {
        receivedAt: createdAt,
        events: [{ id: 1, at: createdAt, actorName: typed("Sam"), kind: "note", detail: { text: typed("Call") } }],
        messages: [
          {
            id: 1,
            direction: "in" as const,
            subject: typed("Re: Your quote"),
            body: typed("Here is the drawing"),
            html: null,
            fromAddress: `dana@works.example${rlo}`,
            fromOther: false,
            senderVerified: null,
            automatic: false,
            notKept: [`invoice${rlo}piz.exe (2 KB): not a photo or a PDF`],
            sentByName: null,
            createdAt: now,
            sentAt: null,
          },
        ],
        files: [],
      }),
    );
    expectIsolated(html, 5);
    // A refused file's name is shown as it really reads.
    expect(html).toContain("invoicepiz.exe (2 KB): not a photo or a PDF");
  });

  it("among the buyer's other requests and in the question before a merge", () => {
    const history = [
      {
        reference: "Q-261123-4HT2P",
        createdAt,
        status: "new" as const,
        customerName: typed("Dana"),
        company: typed("Severn"),
        sameBuyer: false,
        mergedInto: null,
      },
    ];
    const panel = (message?: ShownReply) =>
      render(createElement(HistoryPanel, { version: 1, reference: "Q-261124-7KX2M", history, message, busy: false }));
    expectIsolated(panel(), 2);
    const asked = {
      ok: true,
      message: "",
      intent: "merge",
      seq: 1,
      confirmMerge: { reference: "Q-261123-4HT2P", customerName: typed("Dana") },
    };
    expectIsolated(panel(asked), 3);
  });

  it("in a request merged into this one and in the question before taking a colleague's request", () => {
    const request = {
      customerName: typed("Dana"),
      company: typed("Severn"),
      phone: null,
      email: "dana@works.example",
      requirements: typed("Belts"),
      parts: [{ part: typed("SPA"), quantity: 2, brand: typed("Gates") }],
    };
    const events = [
      { id: 1, at: now, actorName: "Alex", kind: "merged-in", detail: { reference: "Q-261123-4HT2P", request } },
    ];
    expectIsolated(render(createElement(Conversation, { receivedAt: createdAt, events, messages: [], files: [] })), 5);
    const owner = createElement(OwnerPanel, {
      version: 1,
      ownerId: "sam",
      ownerName: typed("Sam"),
      me: "alex",
      staff: [],
      message: { ok: true, message: "", intent: "assign", seq: 1, confirmTake: { ownerName: typed("Sam") } },
      busy: false,
    });
    // The owner's name on the panel is staff's, not the buyer's; the question isolates it all the same.
    expect(isolation(render(owner), rlo).at(-1)).toBe(true);
  });
});
