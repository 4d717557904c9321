/**
 * Waits until `work` settles or `ms` have passed, whichever comes first, and never rejects: for
 * best-effort work an answer should not be held behind (an upstream revocation at logout, a
 * list copy's patch after a write, jobs handed over at shutdown). The work itself goes on.
 */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    await Promise.race([settled, waited]);
  } finally {
    clearTimeout(timer);
  }
}
