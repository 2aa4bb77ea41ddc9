/** The donation amount rules, as pure functions: a slider of 10 to 100 in steps of 10, or a custom 1 to 100. */
export const SLIDER_MIN = 10;
export const SLIDER_MAX = 100;
export const SLIDER_STEP = 10;
export const DEFAULT_AMOUNT = 10;
export const CUSTOM_MIN = 1;
export const CUSTOM_MAX = 100;

/** The custom amount: 1 to 100, a value under 1 resets to 1; cents kept to 2 decimals. */
export function clampCustom(value: number): number {
  if (!Number.isFinite(value) || value < CUSTOM_MIN) return CUSTOM_MIN;
  if (value > CUSTOM_MAX) return CUSTOM_MAX;
  return Math.round(value * 100) / 100;
}

/** A slider value snapped to its steps within 10 to 100. */
export function snapSlider(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_AMOUNT;
  const snapped = Math.round(value / SLIDER_STEP) * SLIDER_STEP;
  return Math.min(Math.max(snapped, SLIDER_MIN), SLIDER_MAX);
}

/** A mission id from an attribute or query (_d): a positive whole number, else null. */
export function parseMissionId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** A server description as paragraphs of plain text (never markup). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
