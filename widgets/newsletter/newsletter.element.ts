/**
 * Registers <sm-newsletter>. Registration only: the view is newsletter.tsx, the state newsletter.model.ts.
 *
 * @summary The newsletter form (email and Subscribe); works on any page, signed in or not.
 * @attr api-base - Base URL of the API host (default: this page's origin).
 * @attr theme - light | dark (default: follows prefers-color-scheme).
 * @event sm-newsletter-subscribed - The address was subscribed. detail: { email }
 * @csspart card - The widget's card.
 * @csspart input - The email input.
 * @csspart button - The Subscribe button.
 * @csspart toast - The 3-second message.
 * @cssproperty --sm-color-primary - The button.
 */
import { defineWidget } from '../../shared/ui/define';
import { Newsletter, type NewsletterProps } from './newsletter';

defineWidget<NewsletterProps>('sm-newsletter', Newsletter, { apiBase: 'string', portal: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'sm-newsletter': HTMLElement & { apiBase?: string };
  }
}
