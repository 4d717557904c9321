/**
 * A check its callers share: the one in flight, then its verdict until `periodMs` after it began,
 * and never two at once (a check that hangs holds later asks too, rather than starting more).
 * Timed from the check's start, so a verdict is never older than the period. `check` must not
 * reject: each failure is a verdict. `now`: a monotonic clock in ms (the tests pass their own).
 * `/readyz` asks its checks so (server/readiness.server.ts): anyone may ask, as often as they like.
 */
export function sharedVerdict<T>(check: () => Promise<T>, periodMs: number): (now: number) => Promise<T> {
  let last: { startedAt: number; settled: boolean; verdict: Promise<T> } | undefined;
  return (now) => {
    if (last && (!last.settled || now - last.startedAt < periodMs)) return last.verdict;
    const current = { startedAt: now, settled: false, verdict: check() };
    void current.verdict.then(() => (current.settled = true));
    last = current;
    return current.verdict;
  };
}

/**
 * `result`, or `late()` once `timeoutMs` has passed without it: a check that hangs gives a verdict,
 * not a wait. A wait already over (a deadline passed while the process was busy) ends at once.
 */
export function verdictWithin<T>(result: Promise<T>, timeoutMs: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<T>((resolve) => {
    // Never negative: Node would warn of it on the process's output.
    timer = setTimeout(() => resolve(late()), Math.max(0, timeoutMs));
    timer.unref();
  });
  return Promise.race([result, timedOut]).finally(() => clearTimeout(timer));
}
