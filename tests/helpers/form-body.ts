/**
 * A FormData body as a browser's arrives at the BFF: multipart bytes in a stream the reader may
 * stop at any point (a form refused on its first field lets go of the rest).
 *
 * Not the FormData itself as a Request's body: Node 24's fetch (undici 7) encodes it by pushing
 * every part into the stream without waiting for a reader, and when the reader has cancelled the
 * stream the next push throws outside any promise the test holds ("Invalid state: ReadableStream
 * is already closed", an unhandled rejection that fails the run). A browser's body reaches the BFF
 * through Node's HTTP server, never that encoder; here the encoder is read to its end, whatever
 * the reader does.
 */
export function multipartBody(form: FormData): { body: ReadableStream<Uint8Array>; contentType: string } {
  const encoded = new Response(form);
  const parts = encoded.body!.getReader();
  const drain = async () => {
    while (!(await parts.read()).done);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await parts.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: () => void drain(),
    },
    { highWaterMark: 0 },
  );
  return { body, contentType: encoded.headers.get("content-type")! };
}

/** A Request whose FormData body (if any) is sent as `multipartBody` does. */
export function requestWithBody(url: string, init: RequestInit): Request {
  if (!(init.body instanceof FormData)) return new Request(url, init);
  const { body, contentType } = multipartBody(init.body);
  const headers = new Headers(init.headers);
  headers.set("Content-Type", contentType);
  return new Request(url, { ...init, headers, body, duplex: "half" } as RequestInit);
}
