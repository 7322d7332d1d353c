import { Writable } from "node:stream";
import { pino } from "pino";
import { createStaticHandler, data } from "react-router";
import { describe, expect, it } from "vitest";
import { handleError } from "#app/entry.server.tsx";
import { logRequestError } from "#app/lib/request-errors.server.ts";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ base: undefined }, stream), lines };
}

const post = () =>
  new Request("http://localhost/?index&ref=dana%40works.example", {
    method: "POST",
    body: new URLSearchParams({ email: "dana@works.example", requirements: "6205-2RS" }),
  });

describe("request error logging", () => {
  it("logs a failure with method and path, never the query, the form values or what the error carried", () => {
    const { logger, lines } = capture();
    const cause = Object.assign(new Error("duplicate key"), { detail: "Key (email)=(dana@works.example)" });
    const failure = new Error("Failed query: insert into quotes values ($1)\nparams: dana@works.example", { cause });
    logRequestError(logger, failure, post());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "request failed",
      method: "POST",
      path: "/",
      error: { type: "Error", cause: "Error" },
    });
    expect(lines[0]).toHaveProperty("error.at.0", expect.stringMatching(/^at /));
    // Not even a message's first line: a library's can quote what it was given.
    let parseFailure: unknown;
    try {
      JSON.parse("dana@works.example");
    } catch (error) {
      parseFailure = error;
    }
    expect(String(parseFailure)).toContain("dana@works.example");
    logRequestError(logger, parseFailure, post());
    expect(lines[1]).toMatchObject({ msg: "request failed", error: { type: "SyntaxError" } });
    expect(JSON.stringify(lines)).not.toMatch(/dana|works\.example|6205/);
  });

  it("leaves a quotation link's token out of the path, since it is the key to answering the quotation", () => {
    const { logger, lines } = capture();
    const token = "Zm9yLXRoZS1idXllci1vbmx5LW5vdC10aGUtbG9nLTAx";
    logRequestError(logger, new Error("render failed"), new Request(`http://localhost/Q/${token}/pdf`));
    expect(lines[0]).toMatchObject({ msg: "request failed", path: "/q/…/pdf" });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it("leaves out answers given on purpose and requests the visitor abandoned", async () => {
    const { logger, lines } = capture();
    // The router's own hand-over of a loader's 404 (an unknown category).
    const { query } = createStaticHandler([
      {
        id: "category",
        path: "/products/:slug",
        loader: () => {
          throw data("Unknown category", { status: 404 });
        },
      },
    ]);
    const context = await query(new Request("http://localhost/products/widgets"));
    const notFound = context instanceof Response ? undefined : Object.values(context.errors ?? {})[0];
    expect(notFound).toMatchObject({ status: 404, data: "Unknown category" });
    logRequestError(logger, notFound, new Request("http://localhost/products/widgets"));
    const controller = new AbortController();
    controller.abort();
    logRequestError(logger, new Error("aborted"), new Request("http://localhost/", { signal: controller.signal }));
    expect(lines).toEqual([]);
  });

  it("is the server entry's error handler", () => {
    expect(typeof handleError).toBe("function");
  });
});
