import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';

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
    // What had the focus: inside this root, or (a dialog in an element the page just opened) the page's own button.
    const previous = (root?.activeElement ?? document.activeElement) as HTMLElement | null | undefined;
    // The first control that can take the focus (a disabled one cannot: a pending membership disables its buttons), else the dialog itself.
    const first = ref.current?.querySelector<HTMLElement>(
      'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled)',
    );
    (first ?? ref.current)?.focus();
    return () => previous?.focus?.();
  }, []);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
    if (event.key === 'Tab' && ref.current) {
      const items = [
        ...ref.current.querySelectorAll<HTMLElement>('button:not(:disabled), [href], input, select, textarea'),
      ];
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

export interface ConfirmDialogProps {
  title: string;
  tone?: DialogProps['tone'];
  /** The question or message, as a paragraph. */
  text: string;
  /** Anything shown under the text (e.g. fields). */
  children?: ReactNode;
  /** The main button. */
  confirm: string;
  onConfirm: () => void;
  confirmDisabled?: boolean;
  /** The second button, if any. */
  cancel?: string;
  onCancel?: () => void;
  /** Escape: the second button's action (or the main one's when there is only one); false: Escape does nothing. */
  closable?: boolean;
}

/** A dialog that says one thing and offers one or two answers: OK, Yes / No, Continue / Cancel. */
export function ConfirmDialog({
  title,
  tone,
  text,
  children,
  confirm,
  onConfirm,
  confirmDisabled,
  cancel,
  onCancel,
  closable = true,
}: ConfirmDialogProps) {
  const close = onCancel ?? onConfirm;
  return (
    <Dialog
      title={title}
      tone={tone}
      onClose={closable ? close : undefined}
      actions={
        <>
          <Button onClick={() => onConfirm()} disabled={confirmDisabled}>
            {confirm}
          </Button>
          {cancel !== undefined ? (
            <Button variant="secondary" onClick={() => close()}>
              {cancel}
            </Button>
          ) : null}
        </>
      }
    >
      <p>{text}</p>
      {children}
    </Dialog>
  );
}
