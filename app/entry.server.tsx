import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { errorFields, log } from "@server/log.server";
import { NonceContext } from "~/lib/nonce";
import { withoutNulBytes } from "~/lib/nul-bytes.server";

// The process takes the app's stateful services from the build, so that there is one copy of each.
export { processServices } from "~/platform/process-services.server";

const ABORT_DELAY = 5_000;

/**
 * Renders the whole document before answering (our loaders do not defer), so the status is
 * final and the HTML a cheap phone receives already holds the content. Inline scripts carry the
 * request's CSP nonce.
 *
 * The finished document is answered as one piece. React writes it in 2 KiB chunks; streamed,
 * each chunk cost a pass through a web stream, a socket write and a compressor call, about a
 * fifth of the home page's CPU time in this process, and all of them are ready at once anyway.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(abortTimer);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const chunks: Uint8Array[] = [];
          const page = new Writable({
            write(chunk: Uint8Array, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve(new Response(withoutNulBytes(Buffer.concat(chunks)), { headers: responseHeaders, status }));
              done();
            },
          });
          page.on("error", reject);
          pipe(page);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          logError(error, request);
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/** Unexpected errors go to the log as one line; the visitor sees only the error page. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor's aborted request, or an answer we chose (a 404 for an unknown address, a 503 while
  // the upstream or Redis is away, logged with its reason where it was chosen): not a fault.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  logError(error, request);
};

function logError(error: unknown, request: Request) {
  log("unexpected_error", {
    path: new URL(request.url).pathname,
    request_id: request.headers.get("x-request-id") ?? undefined,
    ...errorFields(error),
  });
}
