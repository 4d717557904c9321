/**
 * What `make` gives for `key`, made once per process and kept in `made`: a process that seeds
 * again (the tests start dozens of reference APIs in one process) reuses it. A failure is not
 * kept: the next call makes it anew.
 */
export function oncePerProcess<T>(made: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = made.get(key);
  if (!value) {
    value = make();
    made.set(key, value);
    value.catch(() => made.delete(key));
  }
  return value;
}
