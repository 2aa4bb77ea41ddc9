/**
 * The donation rules, as pure functions: the amount (a slider of 10 to 100 in steps of 10, or a
 * custom 1 to 100), the mission id, and a description's paragraphs.
 */
import { parseAttribute } from '../../shared/ui/define';
import { tags } from '../tags';

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

/** A mission id (the `mission` attribute, or the portal's _d query) in the form the tag table gives it, else null. */
export function missionIdOf(text: string | null | undefined): number | null {
  const { value } = parseAttribute('sm-donate', 'mission', tags['sm-donate'].attributes.mission, text);
  return value ? Number(value) : null;
}

/** A server description as paragraphs of plain text (never markup). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
