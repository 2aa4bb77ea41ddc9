import { describe, expect, it } from 'vitest';
import { clampCustom, missionIdOf, paragraphs, snapSlider } from './donate.rules';

describe('donation rules', () => {
  it('clamps the custom amount to 1..100, under 1 resets to 1', () => {
    expect(clampCustom(0)).toBe(1);
    expect(clampCustom(0.5)).toBe(1);
    expect(clampCustom(-20)).toBe(1);
    expect(clampCustom(Number.NaN)).toBe(1);
    expect(clampCustom(1)).toBe(1);
    expect(clampCustom(42.567)).toBe(42.57);
    expect(clampCustom(100)).toBe(100);
    expect(clampCustom(250)).toBe(100);
  });
  it('snaps the slider to 10..100 in steps of 10', () => {
    expect(snapSlider(10)).toBe(10);
    expect(snapSlider(34)).toBe(30);
    expect(snapSlider(5)).toBe(10);
    expect(snapSlider(1000)).toBe(100);
  });
  it("reads mission ids strictly, in the tag table's form", () => {
    expect(missionIdOf('2')).toBe(2);
    expect(missionIdOf('02')).toBe(2);
    for (const bad of ['', '0', '-1', '2abc', '2.5', ' 2', 'javascript:alert(1)', '9999999999', null, undefined]) {
      expect(missionIdOf(bad), String(bad)).toBeNull();
    }
  });
  it('splits descriptions into text paragraphs', () => {
    expect(paragraphs('One.\n\nTwo <b>x</b>.\n  \nThree')).toEqual(['One.', 'Two <b>x</b>.', 'Three']);
  });
});
