/**
 * Registers <sm-newsletter>. Registration only: the view is newsletter.tsx, the state newsletter.model.ts.
 * The loader (widgets/loader.ts) imports this same module when a <sm-newsletter> is connected.
 *
 * @summary The newsletter form (email and Subscribe); works on any page, signed in or not.
 * @attr api-base - Base URL of the API host (default: this page's origin). Not an http(s) URL: warns and uses the default.
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark; left out, follows prefers-color-scheme (another value warns in the console and does the same).
 * @attr language - en (the only language so far; another value warns in the console and shows English).
 * @event sm-newsletter-subscribed - The address was subscribed. detail: { email }
 * @event sm-signed-out - (on document) The page's session signed out: logged out, expired, or signed out in another tab. detail: { reason: 'logout' | 'expired' | 'other-tab' }
 * @csspart card - The widget's card.
 * @csspart input - The email input.
 * @csspart button - The Subscribe button.
 * @csspart toast - The 3-second message.
 * @cssproperty --sm-color-primary - The button.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Newsletter, type NewsletterProps } from './newsletter';

defineWidget<NewsletterProps>('sm-newsletter', Newsletter, tags['sm-newsletter']);

export { Newsletter };

declare global {
  interface HTMLElementTagNameMap {
    'sm-newsletter': HTMLElement & { apiBase?: string; portal?: string };
  }
}
