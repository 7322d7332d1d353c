import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider, nonceContext } from "#app/lib/context.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { logRequestError } from "#app/lib/request-errors.server.ts";

export const streamTimeout = 5_000;

/** Loader, action and render failures go to the process's logger, once and without personal data. */
export const handleError: HandleErrorFunction = (error, { request }) => logRequestError(getLogger(), error, request);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every document is sent whole, never streamed: streamed sections need a script to appear, and pages
    // must work without JavaScript (the quote form's section is lazy on the client).
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Large finished sections would otherwise be moved out of line and revealed by a script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          clearTimeout(timeoutId);
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Failures before the document is ready reach handleError through the router.
          if (shellRendered) logRequestError(getLogger(), error, request);
        },
      },
    );
  });
}
