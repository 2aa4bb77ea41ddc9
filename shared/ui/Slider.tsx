/**
 * A price slider: a native range input (keyboard and screen readers work as they should) with
 * labelled marks under it and the value announced as text (aria-valuetext).
 */
import { useId } from 'react';

export interface SliderProps {
  label: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onValue: (value: number) => void;
  valueText: (value: number) => string;
  marks?: readonly { value: number; label: string }[];
  disabled?: boolean;
}

export function Slider({ label, min, max, step = 1, value, onValue, valueText, marks = [], disabled }: SliderProps) {
  const id = useId();
  return (
    <div className="sm-slider" part="slider">
      <label htmlFor={id} className="sm-visually-hidden">
        {label}
      </label>
      <output htmlFor={id} className="sm-slider-value" aria-live="polite">
        {valueText(value)}
      </output>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={valueText(value)}
        onChange={(event) => onValue(Number(event.currentTarget.value))}
      />
      {marks.length > 0 ? (
        <div className="sm-slider-marks">
          {marks.map((mark) => (
            <button
              key={mark.label}
              type="button"
              className="sm-slider-mark"
              disabled={disabled}
              onClick={() => onValue(mark.value)}
            >
              {mark.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
