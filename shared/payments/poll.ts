/** Checks something every interval until it settles or the tries run out. */
import type { Clock } from '../deps/deps';

export interface Poller {
  stop(): void;
}

export function poll(options: {
  clock: Clock;
  check: (attempt: number) => Promise<'done' | 'again'>;
  intervalMs: number;
  maxTries: number;
  onGiveUp: () => void;
}): Poller {
  let stopped = false;
  let cancel = () => {};
  let attempt = 0;
  const later = () => (cancel = options.clock.after(options.intervalMs, () => void tick()));
  const tick = async () => {
    if (stopped) return;
    attempt += 1;
    const result = await options.check(attempt).catch(() => 'again' as const);
    if (stopped || result === 'done') return;
    if (attempt >= options.maxTries) {
      options.onGiveUp();
      return;
    }
    later();
  };
  later();
  return {
    stop() {
      stopped = true;
      cancel();
    },
  };
}
