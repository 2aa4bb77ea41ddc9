/**
 * How the bench prints a ratio beside its target: the ratio of the medians, and how far the machine's noise moves it
 * (report.ts ratioInterval), the same each time for the same loads.
 */
import { describe, expect, it } from 'vitest';
import { median, ratioInterval, spread, timesWithin } from './report';

describe("a ratio's interval", () => {
  const page = [612, 640, 655, 700, 598, 720, 690, 633, 905];
  const form = [300, 320, 410, 290, 350, 333, 301, 480, 315, 299, 360, 344];

  it('holds the ratio of the medians, and is the same for the same loads', () => {
    const [low, high] = ratioInterval(page, form);
    const ratio = median(page) / median(form);
    expect(low).toBeLessThan(ratio);
    expect(high).toBeGreaterThan(ratio);
    expect(ratioInterval(page, form)).toEqual([low, high]);
  });

  it('is narrow where the loads agree and wide where they do not', () => {
    const steady = ratioInterval([600, 601, 602, 600, 601], [300, 300, 301, 300, 300]);
    const [low, high] = ratioInterval(page, form);
    expect(steady[1] - steady[0]).toBeLessThan(0.02);
    expect(high - low).toBeGreaterThan(0.2);
  });

  it('prints beside the ratio', () => {
    expect(timesWithin([600, 600, 600], [300, 300, 300])).toBe('2.00x (2.00-2.00)');
  });

  it("prints the loads' fastest and slowest beside their median, or a dash for none", () => {
    expect(spread([612.4, 905.6, 598])).toBe('598-906');
    expect(spread([])).toBe('-');
  });
});
