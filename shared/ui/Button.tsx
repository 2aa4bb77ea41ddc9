import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
}

/** The one button. Defaults to type="button" so it never submits a form by accident. */
export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  // Exposed as ::part(button) (and ::part(button button-secondary) etc.) for embedders' styles.
  return (
    <button
      part={`button button-${variant}`}
      {...rest}
      type={type}
      data-variant={variant}
      className={`sm-button${className ? ` ${className}` : ''}`}
    />
  );
}

/** "← Back" (or another text): a link-styled button at the start of a step that goes to the one before. */
export function BackButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button variant="link" className="sm-back" onClick={() => onClick()}>
      ← {children}
    </Button>
  );
}
