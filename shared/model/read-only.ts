/**
 * What every model does with its own signals: hands them to its view read-only (a computed of
 * each), so only the model's actions change its state.
 */
import { computed, type ReadonlySignal, type Signal } from '@preact/signals-core';

export function readOnly<T extends Record<string, Signal<unknown>>>(
  signals: T,
): { readonly [K in keyof T]: ReadonlySignal<T[K]['value']> } {
  return Object.fromEntries(Object.entries(signals).map(([name, s]) => [name, computed(() => s.value)])) as never;
}
