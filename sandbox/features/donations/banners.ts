// Mission banners drawn by the sandbox: an SVG gradient with the mission's title and organization (escaped).
import { escapeHtml } from '../../core/html.js';
import type { MissionRow } from './missions.js';

/** Colour pairs of the gradients, picked by mission and banner number. */
const PALETTES: readonly [string, string][] = [
  ['#1f3c88', '#5893d4'],
  ['#6a1b4d', '#e05d5d'],
  ['#0b6e4f', '#6fcf97'],
  ['#7a4d00', '#f2c14e'],
  ['#3d2c8d', '#916bbf'],
  ['#004e64', '#25a18e'],
  ['#8c2f39', '#f7a072'],
];

// 2:1, as the widgets show banners (a box of aspect ratio 2 / 1, covered): nothing is cropped at any width.
const WIDTH = 1200;
const HEIGHT = 600;
const TITLE_MAX = 90;
/** Characters on a title line (44 px Georgia fits about 40 in the 1,080 px between the margins). */
const LINE = 34;

/** Escapes text for XML content and attributes, without the characters XML 1.0 does not allow at all. */
function escapeXml(text: string): string {
  return escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));
}

function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}\u2026` : chars.join('');
}

/** Words wrapped into lines of at most `width` characters (a longer word stands on its own line). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && Array.from(`${last} ${word}`).length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Banner `n` (1-based) of a mission. */
export function bannerSvg(mission: Pick<MissionRow, 'id' | 'title' | 'organization'>, n: number): string {
  const [from, to] = PALETTES[(mission.id * 3 + n) % PALETTES.length]!;
  const title = escapeXml(clip(mission.title, TITLE_MAX));
  const lines = wrap(clip(mission.title, TITLE_MAX), LINE);
  const top = HEIGHT / 2 - ((lines.length - 1) * 54) / 2;
  const org = escapeXml(clip(mission.organization, TITLE_MAX + 20));
  const angle = n % 2 === 0 ? 'x1="0" y1="1" x2="1" y2="0"' : 'x1="0" y1="0" x2="1" y2="1"';
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${title}">
  <defs>
    <linearGradient id="g" ${angle}>
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="${WIDTH - 160}" cy="${80 + 40 * n}" r="${120 + 30 * n}" fill="#ffffff" fill-opacity="0.08"/>
  <text x="60" y="${top}" font-family="Georgia, 'Times New Roman', serif" font-size="44" font-weight="bold" fill="#ffffff">${lines.map((line, i) => `<tspan x="60" dy="${i === 0 ? 0 : 54}">${escapeXml(line)}</tspan>`).join('')}</text>
  <text x="60" y="${top + (lines.length - 1) * 54 + 56}" font-family="Helvetica, Arial, sans-serif" font-size="26" fill="#ffffff" fill-opacity="0.85">${org}</text>
</svg>
`;
}
