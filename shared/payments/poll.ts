/**
 * Polls a confirmation every interval until it settles or the tries run out
 * (spec section 4: every 5 s, stopping when the counter passes 12).
 */
export interface Poller {
  stop(): void;
}

export function poll(options: {
  check: (attempt: number) => Promise<'done' | 'again'>;
  intervalMs: number;
  maxTries: number;
  onGiveUp: () => void;
  startAt?: number;
}): Poller {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = options.startAt ?? 0;
  const tick = async () => {
    if (stopped) return;
    attempt += 1;
    const result = await options.check(attempt).catch(() => 'again' as const);
    if (stopped || result === 'done') return;
    if (attempt >= options.maxTries) {
      options.onGiveUp();
      return;
    }
    timer = setTimeout(() => void tick(), options.intervalMs);
  };
  timer = setTimeout(() => void tick(), options.intervalMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
