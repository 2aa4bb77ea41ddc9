import { afterEach, describe, expect, it, vi } from 'vitest';
import { poll } from './poll';

describe('poll', () => {
  afterEach(() => vi.useRealTimers());

  it('checks every interval until done', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async (n: number) => (n === 3 ? ('done' as const) : ('again' as const)));
    const onGiveUp = vi.fn();
    poll({ check, intervalMs: 5000, maxTries: 12, onGiveUp });
    await vi.advanceTimersByTimeAsync(4999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('gives up after the last try and can be stopped', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async () => 'again' as const);
    const onGiveUp = vi.fn();
    poll({ check, intervalMs: 5000, maxTries: 12, onGiveUp });
    await vi.advanceTimersByTimeAsync(5000 * 20);
    expect(check).toHaveBeenCalledTimes(12);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    const other = vi.fn(async () => 'again' as const);
    const p = poll({ check: other, intervalMs: 5000, maxTries: 12, onGiveUp });
    await vi.advanceTimersByTimeAsync(5000);
    p.stop();
    await vi.advanceTimersByTimeAsync(50_000);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
