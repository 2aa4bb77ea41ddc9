/**
 * <sm-newsletter>'s view: the footer's newsletter form and its toast.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef } from 'react';
import { WidgetRoot, useModel, useT } from '../../shared/ui/WidgetRoot';
import type { HostProps } from '../../shared/ui/define';
import type { TagProps } from '../tags';
import { createNewsletterModel } from './newsletter.model';
import '@messages/newsletter';

/** Its attributes as the tag table gives them, parsed, and its shadow root. */
export type NewsletterProps = TagProps<'sm-newsletter'> & HostProps;

const styles = /* css */ `
:host { min-height: 150px; }
.sm-card { max-width: 520px; }
.sm-newsletter-row { display: flex; gap: 8px; flex-wrap: wrap; }
.sm-newsletter-row .sm-input { flex: 1 1 200px; }
.sm-newsletter-row .sm-button { width: auto; flex: 0 0 auto; }
.sm-toast { position: fixed; inset-inline: 16px; bottom: 24px; margin-inline: auto; width: fit-content; max-width: 480px; padding: 12px 16px; border-radius: 10px; background: var(--_sm-color-text); color: var(--_sm-color-surface); z-index: 10000; display: flex; gap: 12px; align-items: center; box-shadow: 0 8px 24px rgb(0 0 0 / 0.25); }
.sm-toast[data-tone="error"] { background: var(--_sm-color-danger); color: #fff; }
.sm-toast button { font: inherit; background: none; border: 1px solid currentColor; color: inherit; border-radius: 999px; padding: 2px 10px; cursor: pointer; }
`;

function NewsletterWidget() {
  const t = useT();
  useSignals();
  // Typed or pressed before the code arrived: the model takes it before React hydrates the form.
  const model = useModel(createNewsletterModel, {
    fields: { email: (m, v) => m.setEmail(v) },
    actions: { subscribe: (m) => void m.submit() },
  });
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const toast = model.toast.value;
  return (
    <div className="sm-card" part="card">
      <form
        className="sm-stack"
        data-sm-action="subscribe"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          event.preventDefault();
          // Subscribe is disabled while sending (and after, with the field cleared): the focus goes back to the field,
          // never to the page.
          if (
            (event.currentTarget.getRootNode() as ShadowRoot | Document).activeElement?.matches('button[type="submit"]')
          )
            field.current?.focus();
          void model.submit();
        }}
      >
        <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
        <p className="sm-muted">{t('newsletter.text')}</p>
        <div className="sm-newsletter-row">
          <label htmlFor={`${id}-email`} className="sm-visually-hidden">
            {t('newsletter.label')}
          </label>
          <input
            ref={field}
            id={`${id}-email`}
            className="sm-input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t('newsletter.placeholder')}
            value={model.email.value}
            onChange={(event) => model.setEmail(event.currentTarget.value)}
            part="input"
          />
          <button
            type="submit"
            className="sm-button"
            disabled={!model.canSubmit.value}
            data-sm-busy={t('newsletter.sending')}
            data-sm-requires="email"
            part="button"
          >
            {model.sending.value ? t('newsletter.sending') : t('newsletter.subscribe')}
          </button>
        </div>
        <p className="sm-needs-script">{t('newsletter.needsScript')}</p>
      </form>
      {toast ? (
        <div
          className="sm-toast"
          data-tone={toast.tone}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          part="toast"
        >
          <span>{toast.text}</span>
          <button type="button" onClick={() => model.dismiss()}>
            {t('newsletter.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function Newsletter(root: NewsletterProps) {
  return (
    <WidgetRoot {...root} styles={styles}>
      <NewsletterWidget />
    </WidgetRoot>
  );
}
