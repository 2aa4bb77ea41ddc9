/**
 * Registers <sm-history>. Registration only: the view is history.tsx, the state history.model.ts.
 * The loader (widgets/loader.ts) imports this same module when a <sm-history> is connected.
 *
 * @summary Transaction history in three tabs (Credit Purchase, Content Purchase, Donations), 20 a page; mp3 downloads.
 * @attr tab - credit (default) | content | donations; another value warns and shows credit
 * @attr api-base - Base URL of the API host (default: this page's origin). Not an http(s) URL: warns and uses the default.
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark; left out, follows prefers-color-scheme (another value warns in the console and does the same).
 * @attr language - en (the only language so far; another value warns in the console and shows English).
 * @event sm-signed-out - (on document) The page's session signed out: logged out, expired, or signed out in another tab. detail: { reason: 'logout' | 'expired' | 'other-tab' }
 * @csspart card - The widget's card.
 * @csspart button - Every button (also button-primary, button-secondary, button-link).
 * @csspart input - Every text input and select (selects also carry select).
 * @csspart field - A labelled field; label - its label.
 * @csspart tabs - The three tabs.
 * @csspart notice - An inline message (also notice-info, notice-error or notice-success by tone).
 * @cssproperty --sm-color-primary - The selected tab, links.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { History, type HistoryProps } from './history';

defineWidget<HistoryProps>('sm-history', History, tags['sm-history']);

export { History };

declare global {
  interface HTMLElementTagNameMap {
    'sm-history': HTMLElement & { tab?: string; apiBase?: string; portal?: string };
  }
}
