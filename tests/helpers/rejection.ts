import { expect } from "vitest";

/** What `promise` rejected with, checked to be a `kind`, for assertions on the rejection's own fields. */
export async function rejectionOf<E>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(kind);
  return thrown as E;
}
