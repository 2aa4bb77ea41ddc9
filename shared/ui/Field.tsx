import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import '@messages/ui';
import { useT } from './WidgetRoot';

/** What the field's control (input or select) carries: its id, value and change, and the links to its error and hint. */
interface ControlProps {
  id: string;
  className: 'sm-input';
  value: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
}

/** What every field is given. */
interface FieldBase {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
}

interface FieldShellProps extends FieldBase {
  children: (control: ControlProps) => ReactNode;
}

/** A label, the control, its hint and its error, wired together for assistive technology. */
function FieldShell({ label, value, onValue, error, hint, children }: FieldShellProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id: inputId,
    className: 'sm-input',
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (event) => onValue(event.currentTarget.value),
  };
  return (
    <div className="sm-field" part="field">
      <label htmlFor={inputId} part="label">
        {label}
      </label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="sm-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="sm-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>, FieldBase {
  /** Text shown before the input, e.g. a phone dial prefix. */
  prefix?: string | undefined;
  /** Password fields get a show/hide toggle. */
  revealable?: boolean;
}

export function TextField({
  label,
  value,
  onValue,
  error,
  hint,
  prefix,
  revealable,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const t = useT();
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable ? (revealed ? 'text' : 'password') : type;
  return (
    <FieldShell label={label} value={value} onValue={onValue} error={error} hint={hint}>
      {(control) => (
        <div className="sm-input-group">
          {prefix ? (
            <span className="sm-prefix" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          <input {...rest} {...control} part="input" type={inputType} />
          {revealable ? (
            <button
              type="button"
              className="sm-toggle"
              aria-pressed={revealed}
              aria-label={t(revealed ? 'ui.hidePassword' : 'ui.showPassword', { label: label.toLowerCase() })}
              onClick={() => setRevealed((r) => !r)}
            >
              {revealed ? t('ui.hide') : t('ui.show')}
            </button>
          ) : null}
        </div>
      )}
    </FieldShell>
  );
}

export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'>, Omit<FieldBase, 'hint'> {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField({ label, value, onValue, options, placeholder, error, ...rest }: SelectFieldProps) {
  return (
    <FieldShell label={label} value={value} onValue={onValue} error={error}>
      {(control) => (
        <select {...rest} {...control} part="input select">
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
