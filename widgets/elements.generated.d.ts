/**
 * Types for the sm-* custom elements, generated from widgets/tags.ts by tools/custom-elements.ts: do not edit.
 *
 * - DOM: document.querySelector('sm-donate') is an SmDonateElement; addEventListener('sm-donation-completed', e => e.detail.amount) is typed.
 * - React 19: <sm-donate mission="2" onsm-donation-completed={(e) => …} /> is typed (needs @types/react 19).
 */

import type { SmEventMap } from '../shared/events/events';

/** Attributes every sm-* tag takes. */
export interface SmSharedAttributes {
  /** Base URL of the API host (default: this page's origin). Not an http(s) URL: warns in the console and uses the default. */
  'api-base'?: string;
  /** Address of the portal, for pages other than the portal (sign-in and return pages live there). Not an http(s) URL: warns, and links stay on this page. */
  'portal'?: string;
  /** Light or dark colours; left out, follows prefers-color-scheme. Another value warns in the console and does the same. */
  'theme'?: 'light' | 'dark';
  /** The language the tag shows: en, fil, zh-Hans or es (regional and related tags too: en-GB, es-MX, zh-CN, zh-SG, tl). Left out, the page's nearest lang attribute around the tag (through shadow roots), else English. Another value warns in the console and shows English. */
  'language'?: string;
}

/** An element's properties: its attributes (but those read only as attributes) under their camelCase names. */
type SmProperties<A> = { [K in keyof A as K extends 'theme' | 'language' ? never : SmCamelCase<K & string>]: A[K] };
type SmCamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<SmCamelCase<Tail>>}` : S;

/** Attributes of <sm-login>. */
export interface SmLoginAttributes extends SmSharedAttributes {
  /** The screen shown. One of: login, register, verify-email, forgot-password, change-password, change-password-user, send-verification, signup-success. Default login; another value warns in the console and shows login. */
  'view'?: 'login' | 'register' | 'verify-email' | 'forgot-password' | 'change-password' | 'change-password-user' | 'send-verification' | 'signup-success';
}
/** <sm-login>: Sign in, sign up, email verification and password screens. Its events are typed for every element through GlobalEventHandlersEventMap. */
export interface SmLoginElement extends HTMLElement, SmProperties<SmLoginAttributes> {}

/** Attributes of <sm-topup>. */
export interface SmTopupAttributes extends SmSharedAttributes {
  /** The screen shown. One of: topup (the two steps), checkout (hand-off to the hosted checkout), success (confirms the payment). Default topup; another value warns in the console and shows topup. */
  'view'?: 'topup' | 'checkout' | 'success';
  /** Where the payer comes back to after the hosted checkout (paid or canceled): this page by default, or the portal's pages. One of: page (this page, where the tag shows the thank-you (or what went wrong) and fires its event), portal (the portal's own pages (with `portal` set)). Default page; another value warns in the console and shows page. */
  'return-to'?: 'page' | 'portal';
}
/** <sm-topup>: Top up pay-as-you-go credit for yourself or as a gift (1 credit = $0.10). Its events are typed for every element through GlobalEventHandlersEventMap. */
export interface SmTopupElement extends HTMLElement, SmProperties<SmTopupAttributes> {}

/** Attributes of <sm-subscribe>. */
export interface SmSubscribeAttributes extends SmSharedAttributes {
  /** The screen shown. One of: subscribe, checkout, success, change, change-success, manage (the Manage Membership dialog), update-payment, direct-subscribe. Default subscribe; another value warns in the console and shows subscribe. */
  'view'?: 'subscribe' | 'checkout' | 'success' | 'change' | 'change-success' | 'manage' | 'update-payment' | 'direct-subscribe';
}
/** <sm-subscribe>: Premium membership: monthly pay-what-you-can or one-time for some months; change the amount, manage, cancel. Its events are typed for every element through GlobalEventHandlersEventMap. */
export interface SmSubscribeElement extends HTMLElement, SmProperties<SmSubscribeAttributes> {}

/** Attributes of <sm-donate>. */
export interface SmDonateAttributes extends SmSharedAttributes {
  /** The screen shown. One of: donate, missions, success. Default donate; another value warns in the console and shows donate. */
  'view'?: 'donate' | 'missions' | 'success';
  /** The mission id to give to, a whole number (e.g. mission="2"; another value warns); inside the portal the _d query is used. */
  'mission'?: string;
  /** Which missions view="missions" lists. One of: home (up to 3), all, public. Default all; another value warns in the console and shows all. */
  'list'?: 'home' | 'all' | 'public';
  /** Where the payer comes back to after the hosted checkout (paid or canceled): this page by default, or the portal's pages. One of: page (this page, where the tag shows the thank-you (or what went wrong) and fires its event), portal (the portal's own pages (with `portal` set)). Default page; another value warns in the console and shows page. */
  'return-to'?: 'page' | 'portal';
}
/** <sm-donate>: Give to the nonprofit's missions, once or monthly; lists the ongoing missions. Its events are typed for every element through GlobalEventHandlersEventMap. */
export interface SmDonateElement extends HTMLElement, SmProperties<SmDonateAttributes> {}

/** Attributes of <sm-history>. */
export interface SmHistoryAttributes extends SmSharedAttributes {
  /** The tab shown first. One of: credit, content, donations. Default credit; another value warns in the console and shows credit. */
  'tab'?: 'credit' | 'content' | 'donations';
}
/** <sm-history>: Transaction history in three tabs (Credit Purchase, Content Purchase, Donations), 20 a page; mp3 downloads. Its events are typed for every element through GlobalEventHandlersEventMap. */
export interface SmHistoryElement extends HTMLElement, SmProperties<SmHistoryAttributes> {}

/** Attributes of <sm-survey>. */
export interface SmSurveyAttributes extends SmSharedAttributes {
}
/** <sm-survey>: A short survey, one question at a time, 1 to 3 choices each; ends with a thank-you. Its events are typed for every element through GlobalEventHandlersEventMap. */
export interface SmSurveyElement extends HTMLElement, SmProperties<SmSurveyAttributes> {}

/** Attributes of <sm-newsletter>. */
export interface SmNewsletterAttributes extends SmSharedAttributes {
}
/** <sm-newsletter>: The newsletter form (email and Subscribe); works on any page, signed in or not. Its events are typed for every element through GlobalEventHandlersEventMap. */
export interface SmNewsletterElement extends HTMLElement, SmProperties<SmNewsletterAttributes> {}

declare global {
  interface HTMLElementTagNameMap {
    'sm-login': SmLoginElement;
    'sm-topup': SmTopupElement;
    'sm-subscribe': SmSubscribeElement;
    'sm-donate': SmDonateElement;
    'sm-history': SmHistoryElement;
    'sm-survey': SmSurveyElement;
    'sm-newsletter': SmNewsletterElement;
  }
}

type SmJsx<A, E extends keyof SmEventMap> = import('react').DetailedHTMLProps<import('react').HTMLAttributes<HTMLElement>, HTMLElement> &
  A & { [K in E as `on${K}`]?: (event: SmEventMap[K]) => void };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'sm-login': SmJsx<SmLoginAttributes, 'sm-signed-in' | 'sm-registered' | 'sm-app-signin'>;
      'sm-topup': SmJsx<SmTopupAttributes, 'sm-payment-completed'>;
      'sm-subscribe': SmJsx<SmSubscribeAttributes, 'sm-payment-completed' | 'sm-amount-changed' | 'sm-membership-canceled' | 'sm-close'>;
      'sm-donate': SmJsx<SmDonateAttributes, 'sm-donation-completed'>;
      'sm-history': SmJsx<SmHistoryAttributes, never>;
      'sm-survey': SmJsx<SmSurveyAttributes, 'sm-survey-done'>;
      'sm-newsletter': SmJsx<SmNewsletterAttributes, 'sm-newsletter-subscribed'>;
    }
  }
}
