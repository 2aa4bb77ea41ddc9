/**
 * Registers <sm-login>. Registration only: the view is login.tsx, the state login.model.ts.
 *
 * @summary Sign in, sign up, email verification and password screens.
 * @attr view - login | register | verify-email | forgot-password | change-password | change-password-user | send-verification | signup-success (default login)
 * @attr api-base - Base URL of the API host (default: this page's origin).
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark (default: follows prefers-color-scheme).
 * @event sm-signed-in - A person signed in. detail: { email, name }
 * @event sm-registered - A person registered by email. detail: { email }
 * @csspart card - The widget's card.
 * @csspart tabs - The Sign Up / Log In switch.
 * @csspart providers - The sign-in method buttons.
 * @csspart dialog - A message dialog.
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Buttons, links, selected tab.
 * @cssproperty --sm-font-family - Font of the widget.
 * @cssproperty --sm-radius - Corner radius of the card.
 */
import { defineWidget } from '../../shared/ui/define';
import { Login, type LoginProps } from './login';

defineWidget<LoginProps>('sm-login', Login, { view: 'string', apiBase: 'string', portal: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'sm-login': HTMLElement & { view?: string; apiBase?: string; portal?: string };
  }
}
