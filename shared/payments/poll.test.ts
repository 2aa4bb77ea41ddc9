import { describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../deps/testing';
import { poll } from './poll';

describe('poll', () => {
  it('checks every interval until done', async () => {
    const clock = fakeClock();
    const check = vi.fn(async (n: number) => (n === 3 ? ('done' as const) : ('again' as const)));
    const onGiveUp = vi.fn();
    poll({ clock, check, intervalMs: 5000, maxTries: 12, onGiveUp });
    await clock.advance(4999);
    expect(check).not.toHaveBeenCalled();
    await clock.advance(1);
    expect(check).toHaveBeenCalledTimes(1);
    await clock.advance(60_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('gives up after the last try and can be stopped', async () => {
    const clock = fakeClock();
    const check = vi.fn(async () => 'again' as const);
    const onGiveUp = vi.fn();
    poll({ clock, check, intervalMs: 5000, maxTries: 12, onGiveUp });
    await clock.advance(5000 * 20);
    expect(check).toHaveBeenCalledTimes(12);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    const other = vi.fn(async () => 'again' as const);
    const p = poll({ clock, check: other, intervalMs: 5000, maxTries: 12, onGiveUp });
    await clock.advance(5000);
    p.stop();
    await clock.advance(50_000);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
