/**
 * Registers <sm-history>. Registration only: the view is history.tsx, the state history.model.ts.
 *
 * @summary Transaction history in three tabs (Credit Purchase, Content Purchase, Donations), 20 a page; mp3 downloads.
 * @attr tab - credit (default) | content | donations
 * @attr api-base - Base URL of the API host (default: this page's origin).
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark (default: follows prefers-color-scheme).
 * @csspart card - The widget's card.
 * @csspart tabs - The three tabs.
 * @cssproperty --sm-color-primary - The selected tab, links.
 */
import { defineWidget } from '../../shared/ui/define';
import { History, type HistoryProps } from './history';

defineWidget<HistoryProps>('sm-history', History, { tab: 'string', apiBase: 'string', portal: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'sm-history': HTMLElement & { tab?: string; apiBase?: string; portal?: string };
  }
}
