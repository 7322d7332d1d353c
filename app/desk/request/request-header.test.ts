import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SpamNotice } from "#app/desk/request/request-header.tsx";

const render = (element: ReactElement) =>
  renderToStaticMarkup(createElement(createRoutesStub([{ path: "/", Component: () => element }])));

describe("a request flagged as possible spam", () => {
  it("can be cleared with Not spam, as a held one can be released", () => {
    for (const status of ["new", "spam"] as const) {
      const html = render(
        createElement(SpamNotice, { quote: { status, spamReasons: ["fast-fill"], version: 1 }, busy: false }),
      );
      expect(html, status).toContain('<input type="hidden" name="intent" value="release"/>');
      expect(html, status).toContain(">Not spam</button>");
    }
  });
});
