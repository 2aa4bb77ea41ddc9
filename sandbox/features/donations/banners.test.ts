import { describe, expect, it } from 'vitest';
import { bannerSvg, wrap } from './banners.js';

describe('mission banners', () => {
  it('are 2:1, as the widgets show them, so covering the box crops nothing at any width', () => {
    const svg = bannerSvg(
      { id: 2, title: 'Music Scholarships for Young Worship Leaders', organization: 'Harvest of Praise Foundation' },
      1,
    );
    const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!;
    expect(Number(width) / Number(height)).toBe(2);
  });

  it('wrap a long title into lines that fit between the margins, keeping every word', () => {
    const title = 'Music Scholarships for Young Worship Leaders in Rural Congregations';
    const svg = bannerSvg({ id: 2, title, organization: 'Harvest of Praise Foundation' }, 1);
    const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]!);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(title);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(34);
    expect(wrap('a bb ccc', 4)).toEqual(['a bb', 'ccc']);
  });

  it('escape what an admin typed', () => {
    expect(bannerSvg({ id: 1, title: '<script>alert(1)</script>', organization: 'A & B' }, 1)).not.toContain(
      '<script>',
    );
  });
});
