/**
 * Deferred construction for the API's zod schemas and contracts (no imports: the session store,
 * the contracts and the sandbox all use it).
 */

/**
 * A schema or a contract built the first time something reads it. zod builds each schema's
 * internals when it is constructed, and the API modules define a hundred or so: built at once,
 * they lengthen the task in which a widget's code starts (about 40 ms on a phone). Each is
 * written `lazy(() => z.object(...))` and used as it would be.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const target = (): T => (built ??= build());
  // What zod and the client do with a schema or a contract: read its properties, ask for one, check its class.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}
