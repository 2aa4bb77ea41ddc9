import type { ReactNode } from 'react';

export interface Choice<T> {
  readonly value: T;
  /** What the card shows after its radio button, and its accessible name: a text in a span, or the nodes given. */
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
 * A group of radio cards: one choice of several, each a card with its radio button. The
 * chosen card is marked with data-checked for the styles (choiceStyles in styles.ts). The group
 * sits in a box of its own: WebKit makes a fieldset that is a flex item (as in .sm-stack) too
 * tall by its legend, and not on every layout, so the card's height would jump.
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
