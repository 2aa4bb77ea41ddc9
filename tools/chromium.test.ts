import { describe, expect, it } from 'vitest';
import { cumulativeLayoutShift, totalBlockingTime } from './chromium';

describe('totalBlockingTime', () => {
  const tasks = [
    { start: 100, duration: 120 }, // before the first paint at 300: not counted from it
    { start: 250, duration: 150 }, // across the paint: 300 to 400, 100 ms, 50 of them blocking
    { start: 500, duration: 50 }, // 50 ms is not long
    { start: 600, duration: 80 }, // 30
    { start: 900, duration: 200 }, // cut at 1000: 100 ms, 50 of them
  ];

  it('counts the part over 50 ms of each task clipped to the first paint and the end, as Lighthouse does', () => {
    expect(totalBlockingTime(tasks, 300, 1000)).toBe(50 + 30 + 50);
  });

  it('counts each task whole from the navigation', () => {
    expect(totalBlockingTime(tasks)).toBe(70 + 100 + 30 + 150);
  });

  it('leaves out a task that the clipping makes short', () => {
    expect(totalBlockingTime([{ start: 0, duration: 120 }], 80)).toBe(0);
  });
});

describe('cumulativeLayoutShift', () => {
  it('takes the largest window of shifts less than 1 s apart', () => {
    const shifts = [
      { start: 100, value: 0.01 },
      { start: 600, value: 0.02 },
      { start: 3000, value: 0.025 },
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.03);
  });
});
