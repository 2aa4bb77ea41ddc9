import { describe, expect, it } from 'vitest';
import { formatDate, formatTableDate } from './dates';

describe('dates', () => {
  it("formats dates as the product writes them", () => {
    expect(formatDate('2025-03-14T10:00:00')).toBe('14 March 2025');
    expect(formatTableDate('2025-03-14T15:05:00')).toBe('14/03/2025 03:05 PM');
  });
  it('shows a dash for missing or unreadable dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate('')).toBe('—');
  });
});
