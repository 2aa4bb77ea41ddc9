/**
 * A schema or contract built the first time something reads it: zod builds each schema's
 * internals on construction, and a hundred built at once lengthen the task a widget starts in.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const target = (): T => (built ??= build());
  // What zod and the client do with one: read properties, test for one, check its class.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}
