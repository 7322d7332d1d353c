import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { acknowledgementCopy } from "#app/content/acknowledgement.ts";
import { defaultSite } from "#app/content/site.ts";
import { eventText } from "#app/desk/labels.ts";
import { QuotationsPanel } from "#app/desk/request/team-panels.tsx";

const render = (element: ReactElement) =>
  renderToStaticMarkup(createElement(createRoutesStub([{ path: "/", Component: () => element }])));

describe("words staff read on a request", () => {
  it("call a phone call recorded “phoned the customer”, not a reply sent", () => {
    expect(eventText({ kind: "reply", detail: { channel: "other", first: true, seconds: 2700 } })).toBe(
      "phoned the customer (the first reply, 45 min after it arrived)",
    );
    expect(eventText({ kind: "reply", detail: { channel: "other", first: false } })).toBe("phoned the customer");
    expect(eventText({ kind: "reply", detail: { channel: "email", first: false } })).toBe("replied by e-mail");
  });

  it("count parts lines and files as people say them", () => {
    const received = (partsLines: number, files: number) =>
      acknowledgementCopy(defaultSite, {
        reference: "Q-261126-7KX2M",
        customerName: "Dana",
        urgency: "standard",
        urgencyLabel: "Standard (5-7 days)",
        partsLines,
        files,
      }).paragraphs[1];
    expect(received(10, 0)).toBe("We received 10 parts lines, no files.");
    expect(received(1, 1)).toBe("We received 1 parts line, 1 file.");
    expect(received(0, 3)).toBe("We received no parts lines, 3 files.");
    expect(eventText({ kind: "merged-in", detail: { reference: "Q-261126-4HT2P", lines: 1, files: 0 } })).toBe(
      "merged Q-261126-4HT2P into this request (1 parts line, no files)",
    );
  });

  it("do not say “Sent by” beside a quotation still waiting to be sent", () => {
    const row = { id: 1, revision: 1, grossPence: 1200, sentByName: "Alex Turner", queuedAt: "2026-11-26T10:00:00Z" };
    const html = (sentAt: string | null) =>
      render(
        createElement(QuotationsPanel, {
          reference: "Q-261126-7KX2M",
          quotations: [{ ...row, sentAt }],
          deliveries: {},
        }),
      );
    const waiting = html(null);
    expect(waiting).toContain("Waiting to be sent");
    expect(waiting).not.toContain("Sent by");
    expect(waiting).toContain("Queued by Alex Turner");
    const sent = html("2026-11-26T10:01:00Z");
    expect(sent).toContain("Sent by Alex Turner");
    expect(sent).not.toContain("Waiting");
  });
});
