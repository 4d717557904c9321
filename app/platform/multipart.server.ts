/**
 * Streaming form uploads (design principle 7): the browser's multipart body is parsed as it
 * arrives (busboy, from `request.body`), its text fields are checked, each file's first bytes
 * are checked, and only then is a new multipart body streamed on to the upstream, pulled chunk
 * by chunk as the upstream connection takes it. Memory does not grow with the file's size.
 *
 * Remix's `request.formData()` would buffer whole files; nothing here calls it.
 *
 * Order matters and our forms keep it: text fields first, files last. Everything before the
 * first file is read and validated before any upstream request exists; a file is refused from
 * its first bytes, still before the request. Only a problem found later (a file growing past
 * its limit, a second file of the wrong type, a file whose end is missing or unusable, judged on
 * its last bytes held back: ../file-ends.server.ts) happens mid-stream: the outgoing body then fails,
 * which aborts the upstream request, so the upstream discards what it received. A form without a
 * file goes on as its fields' bytes, whole (a few kilobytes at most): no stream for nothing to stream.
 *
 * Three modules: multipart/incoming.server.ts reads the browser's form, multipart/parts-form.server.ts
 * stands in for one made here (stored uploads), multipart/relay.server.ts checks the files of
 * either and streams the new body on.
 */

export * from "~/platform/multipart/incoming.server";
export * from "~/platform/multipart/parts-form.server";
export * from "~/platform/multipart/relay.server";
