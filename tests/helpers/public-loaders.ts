import { expect } from "vitest";
import { request } from "./sessions";

/** What a public route's loader is called with: an anonymous visitor's GET of `path`. */
export const publicLoaderArgs = (path: string, params: Record<string, string> = {}) => ({
  request: request(path),
  params,
  context: { clientIp: "127.0.0.1" },
});

/** What the loader threw (a 404 or 503 is thrown as route data with its status); fails if it threw nothing. */
export async function thrownResponse(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown, "the loader should have thrown a response").toBeDefined();
  return thrown as { init: ResponseInit | null; data: { message: string } };
}
