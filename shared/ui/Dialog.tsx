import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  children?: ReactNode;
  /** The dialog's buttons. */
  actions: ReactNode;
  onClose?: () => void;
  tone?: 'info' | 'error' | 'success' | 'warning';
}

/**
 * A modal dialog: labelled by its title, focus moved into it on open and returned after,
 * Escape closes it when it can be closed, Tab stays inside.
 */
export function Dialog({ title, children, actions, onClose, tone = 'info' }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current?.getRootNode() as Document | ShadowRoot | undefined;
    const previous = root?.activeElement as HTMLElement | null | undefined;
    const first = ref.current?.querySelector<HTMLElement>('button, [href], input, select, textarea');
    (first ?? ref.current)?.focus();
    return () => previous?.focus?.();
  }, []);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
    if (event.key === 'Tab' && ref.current) {
      const items = [...ref.current.querySelectorAll<HTMLElement>('button:not(:disabled), [href], input, select, textarea')];
      if (items.length === 0) return;
      const root = ref.current.getRootNode() as Document | ShadowRoot;
      const active = root.activeElement;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && active === firstItem) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem?.focus();
      }
    }
  };
  return (
    <div className="sm-dialog-backdrop" part="dialog-backdrop">
      <div
        ref={ref}
        className="sm-dialog"
        part="dialog"
        role={tone === 'error' || tone === 'warning' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        data-tone={tone}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="sm-stack">{actions}</div>
      </div>
    </div>
  );
}
