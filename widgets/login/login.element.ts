/**
 * Registers <sm-login>. Registration only: the view is login.tsx, the state login.model.ts.
 * The loader (widgets/loader.ts) imports this same module when a <sm-login> is connected.
 *
 * @summary Sign in, sign up, email verification and password screens.
 * @attr view - login | register | verify-email | forgot-password | change-password | change-password-user | send-verification | signup-success (default login; another value warns and shows login)
 * @attr api-base - Base URL of the API host (default: this page's origin). Not an http(s) URL: warns and uses the default.
 * @attr portal - Address of the portal, when the element is embedded on another page (sign-in and return pages live there).
 * @attr theme - light | dark; left out, follows prefers-color-scheme (another value warns in the console and does the same).
 * @attr language - en (the only language so far; another value warns in the console and shows English).
 * @event sm-signed-in - A person signed in. detail: { email, name }
 * @event sm-registered - A person registered by email. detail: { email }
 * @event sm-app-signin - In the mobile app's webview, a social button asks the app to sign the person in with that provider (providers block their popups in webviews); cancelable. detail: { provider: 'google' | 'facebook' | 'apple' }
 * @event sm-signed-out - (on document) The page's session signed out: logged out, expired, or signed out in another tab. detail: { reason: 'logout' | 'expired' | 'other-tab' }
 * @csspart card - The widget's card.
 * @csspart button - Every button (also button-primary, button-secondary, button-link).
 * @csspart input - Every text input and select (selects also carry select).
 * @csspart field - A labelled field; label - its label.
 * @csspart tabs - The Sign Up / Log In switch.
 * @csspart providers - The sign-in method buttons.
 * @csspart downloads - The app download links.
 * @csspart notice - An inline message (also notice-info, notice-error or notice-success by tone).
 * @csspart dialog - A dialog.
 * @csspart dialog-backdrop - The dimmed backdrop behind a dialog.
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Buttons, links, the selected tab.
 * @cssproperty --sm-font-family - Font of the widget.
 * @cssproperty --sm-radius - Corner radius of the card.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Login, type LoginProps } from './login';

defineWidget<LoginProps>('sm-login', Login, tags['sm-login']);

export { Login };

declare global {
  interface HTMLElementTagNameMap {
    'sm-login': HTMLElement & { view?: string; apiBase?: string; portal?: string };
  }
}
