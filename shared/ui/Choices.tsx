import type { ReactNode } from 'react';

export interface Choice<T> {
  readonly value: T;
  /** What the card shows after its radio button, and its accessible name. */
  readonly label: ReactNode;
}

export interface ChoicesProps<T> {
  legend: string;
  /** The radio group's name. */
  name: string;
  options: readonly Choice<T>[];
  /** The chosen value; null while none is. */
  selected: T | null;
  onChoose: (value: T) => void;
  /** Layout classes added to the group: sm-choices-row (two a row), or a widget's own. */
  className?: string;
}

/**
 * A group of radio cards, the chosen one marked with data-checked. In a box of its own: WebKit
 * makes a fieldset that is a flex item too tall by its legend, on some layouts only.
 */
export function Choices<T extends string | number | boolean>({
  legend,
  name,
  options,
  selected,
  onChoose,
  className,
}: ChoicesProps<T>) {
  return (
    <div>
      <fieldset className={className ? `sm-choices ${className}` : 'sm-choices'}>
        <legend>{legend}</legend>
        {options.map((option) => (
          <label key={String(option.value)} className="sm-choice" data-checked={option.value === selected}>
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === selected}
              onChange={() => onChoose(option.value)}
            />
            {typeof option.label === 'string' ? <span>{option.label}</span> : option.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
