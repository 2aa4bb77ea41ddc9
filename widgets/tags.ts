/**
 * The sm-* tags, described once. Registration (shared/ui/define.ts), the components' props
 * (TagProps), the loader, and the files tools/custom-elements.ts writes (custom-elements.json,
 * the tag typings, the README's tables; a test fails while one is stale) all follow from it.
 *
 * `height` is the element's reserved height: the widget's usual first height at 390 px wide,
 * measured in Chromium; a `view` value may give its own. The `view` values are the tag's views.
 *
 * Free of runtime imports: the loader bundles it. The build ships only what registration reads
 * (ElementSpec); the rest goes to the generated files.
 */
import type { SmEventMap } from '../shared/events/events';
import type { AttributeSpec, Choice, ElementSpec, PropsOf } from '../shared/ui/define';
import type { PublicLanguage } from '../shared/i18n/languages';

/** Where an event is dispatched and what its detail holds (typed by SmEventMap). */
export interface EventSpec {
  /** The detail's fields, as the README shows them. */
  readonly detail: string;
  /** 'document' for page-wide events; otherwise the element dispatches it. */
  readonly target?: 'document';
  /** preventDefault() takes the action over. */
  readonly cancelable?: true;
}

/** An attribute as the table describes it: how it is read, and what it is for. */
export type DocumentedAttribute = AttributeSpec & { readonly description: string };

export interface TagSpec extends ElementSpec {
  readonly attributes: Readonly<Record<string, DocumentedAttribute>>;
  readonly summary: string;
  /** Attributes for the README's example markup (api-base and portal are added). */
  readonly example?: string;
  /** Event -> when the tag dispatches it. */
  readonly events: Readonly<Partial<Record<keyof SmEventMap, string>>>;
  /** Part name -> what it is. */
  readonly parts: Readonly<Record<string, string>>;
  /** Custom property -> what it colours or sets in this tag. */
  readonly cssProperties: Readonly<Record<string, string>>;
  /** Its first view is drawn from early data before its code comes, by widgets/<name>/<name>.draw.ts. */
  readonly draws?: true;
}

/** Every sm-* event, once. */
export const events = {
  'sm-signed-in': { detail: '{ email, name }' },
  'sm-registered': { detail: '{ email }' },
  'sm-app-signin': { detail: "{ provider: 'google' | 'facebook' | 'apple' }", cancelable: true },
  'sm-signed-out': { detail: "{ reason: 'logout' | 'expired' | 'other-tab' }", target: 'document' },
  'sm-payment-completed': { detail: "{ kind: 'credit' | 'subscription', sessionId }" },
  'sm-donation-completed': { detail: '{ sessionId, amount }' },
  'sm-newsletter-subscribed': { detail: '{ email }' },
  'sm-survey-done': { detail: '{ answered }' },
  'sm-amount-changed': { detail: '{ amount }' },
  'sm-membership-canceled': { detail: '{ endDate }' },
  'sm-close': { detail: '{}' },
  'sm-app-link': { detail: '{ url }', target: 'document', cancelable: true },
} as const satisfies Record<keyof SmEventMap, EventSpec>;

/** The attributes every tag takes. */
export const sharedAttributes = {
  'api-base': {
    type: 'url',
    description:
      "Base URL of the API host (default: this page's origin). Not an http(s) URL: warns in the console and uses the default.",
  },
  portal: {
    type: 'url',
    description:
      'Address of the portal, for pages other than the portal (sign-in and return pages live there). Not an http(s) URL: warns, and links stay on this page.',
  },
  theme: {
    type: 'enum',
    prop: false,
    values: { light: {}, dark: {} },
    whenUnset: "follow the system's colour scheme",
    description:
      'Light or dark colours; left out, follows prefers-color-scheme. Another value warns in the console and does the same.',
  },
  language: {
    type: 'language',
    prop: false,
    values: {
      en: { description: 'English' },
      fil: { description: 'Filipino' },
      'zh-Hans': { description: 'Simplified Chinese' },
      es: { description: 'Spanish' },
    } satisfies Record<PublicLanguage, Choice>,
    default: 'en',
    description:
      "The language the tag shows: en, fil, zh-Hans or es (regional and related tags too: en-GB, es-MX, zh-CN, zh-SG, tl). Left out, the page's nearest lang attribute around the tag (through shadow roots), else English. Another value warns in the console and shows English.",
  },
} as const satisfies Record<string, DocumentedAttribute>;

/** Emitted by every tag's module, whichever tags the page holds. */
const sharedEvents = {
  'sm-signed-out':
    "The page's session signed out: logged out, expired, or signed out in another tab. Once per sign-out, however many tags the page holds.",
} as const;

/** Where a payment made with the tag returns after the hosted checkout. */
const returnTo = {
  type: 'enum',
  default: 'page',
  values: {
    page: { description: 'this page, where the tag shows the thank-you (or what went wrong) and fires its event' },
    portal: { description: "the portal's own pages (with `portal` set)" },
  },
  description:
    "Where the payer comes back to after the hosted checkout (paid or canceled): this page by default, or the portal's pages.",
} as const satisfies DocumentedAttribute;

const backToApp =
  "In the mobile app's webview, after a payment, asks the app to take the person back (smapp://transaction_done).";

/** Parts every tag built from the shared fields and buttons has. */
const fieldParts = {
  card: "The widget's card.",
  button: 'Every button (also button-primary, button-secondary or button-link).',
  input: 'Every text input and select (selects also carry select).',
  field: 'A labelled field.',
  label: "A field's label.",
  notice: 'An inline message (also notice-info, notice-error or notice-success by tone).',
} as const;
const dialogParts = {
  dialog: 'A dialog.',
  'dialog-backdrop': 'The dimmed backdrop behind a dialog.',
  overlay: "The 'please wait...' overlay.",
} as const;

/** The theme's custom properties (each tag may say more precisely what one sets in it). */
const themeProperties = {
  '--sm-color-primary': 'Primary colour: buttons, links, chosen options.',
  '--sm-color-primary-contrast': 'Text on the primary colour.',
  '--sm-color-text': 'Text colour.',
  '--sm-color-muted': 'Secondary text.',
  '--sm-color-surface': 'Card background.',
  '--sm-color-surface-alt': 'Tabs, notices, chosen options background.',
  '--sm-color-border': 'Input and option borders.',
  '--sm-color-danger': 'Errors.',
  '--sm-color-success': 'Success messages.',
  '--sm-font-family': 'Font of the widget.',
  '--sm-radius': 'Corner radius of the card and options.',
  '--sm-space': 'Base spacing unit.',
} as const;

const none = {} as const satisfies Choice;

export const tags = {
  'sm-login': {
    summary: 'Sign in, sign up, email verification and password screens.',
    example: 'view="login"',
    height: 505,
    attributes: {
      view: {
        type: 'enum',
        default: 'login',
        values: {
          login: none,
          register: { height: 446 },
          'verify-email': none,
          'forgot-password': { height: 432 },
          'change-password': { height: 250 },
          'change-password-user': { height: 315 },
          'send-verification': { height: 402 },
          'signup-success': { height: 420 },
        },
        description: 'The screen shown.',
      },
      ...sharedAttributes,
    },
    events: {
      'sm-signed-in': 'A person signed in.',
      'sm-registered': 'A person registered by email.',
      'sm-app-signin':
        "In the mobile app's webview, a social button asks the app to sign the person in with that provider (providers block their popups in webviews).",
      ...sharedEvents,
    },
    parts: {
      ...fieldParts,
      tabs: 'The Sign Up / Log In switch.',
      providers: 'The sign-in method buttons.',
      downloads: 'The app download links.',
      ...dialogParts,
    },
    cssProperties: {
      ...themeProperties,
      '--sm-color-primary': 'Buttons, links, the selected tab.',
      '--sm-radius': 'Corner radius of the card.',
    },
  },
  'sm-topup': {
    summary: 'Top up pay-as-you-go credit for yourself or as a gift (1 credit = $0.10).',
    height: 698,
    attributes: {
      view: {
        type: 'enum',
        default: 'topup',
        values: {
          topup: { description: 'the two steps' },
          checkout: { description: 'hand-off to the hosted checkout', height: 0 },
          success: { description: 'confirms the payment', height: 226 },
        },
        description: 'The screen shown.',
      },
      'return-to': returnTo,
      ...sharedAttributes,
    },
    events: {
      'sm-payment-completed': "A top-up was confirmed (kind: 'credit').",
      'sm-app-link': backToApp,
      ...sharedEvents,
    },
    parts: { ...fieldParts, ...dialogParts },
    cssProperties: { ...themeProperties, '--sm-color-primary': 'Buttons, links, the chosen option.' },
  },
  'sm-subscribe': {
    summary:
      'Premium membership: monthly pay-what-you-can or one-time for some months; change the amount, manage, cancel.',
    height: 475,
    attributes: {
      view: {
        type: 'enum',
        default: 'subscribe',
        values: {
          subscribe: none,
          checkout: { height: 0 },
          success: { height: 250 },
          change: { height: 687 },
          'change-success': { height: 226 },
          manage: { description: 'the Manage Membership dialog', height: 0 },
          'update-payment': { height: 0 },
          'direct-subscribe': { height: 0 },
        },
        description: 'The screen shown.',
      },
      ...sharedAttributes,
    },
    events: {
      'sm-payment-completed': "A membership payment was confirmed (kind: 'subscription').",
      'sm-amount-changed': 'The monthly amount was changed.',
      'sm-membership-canceled': 'The monthly membership was canceled.',
      'sm-close': 'The Manage Membership dialog (view="manage") was closed.',
      'sm-app-link': backToApp,
      ...sharedEvents,
    },
    parts: { ...fieldParts, slider: 'The price slider.', ...dialogParts },
    cssProperties: { ...themeProperties, '--sm-color-primary': 'Buttons, the slider, the chosen option.' },
  },
  'sm-donate': {
    summary: "Give to the nonprofit's missions, once or monthly; lists the ongoing missions.",
    example: 'mission="2"',
    height: 1038,
    attributes: {
      view: {
        type: 'enum',
        default: 'donate',
        values: { donate: none, missions: { height: 1618 }, success: { height: 330 } },
        description: 'The screen shown.',
      },
      mission: {
        type: 'string',
        // A whole number above 0, at most 9 digits ("02" is mission 2).
        pattern: '(?!0+$)[0-9]{1,9}',
        hint: 'a mission id, such as mission="2"',
        description:
          'The mission id to give to, a whole number (e.g. mission="2"; another value warns); inside the portal the _d query is used.',
      },
      list: {
        type: 'enum',
        default: 'all',
        // The home list's cards have no text, so are shorter.
        values: { home: { description: 'up to 3', height: 1316 }, all: none, public: none },
        description: 'Which missions view="missions" lists.',
      },
      'return-to': returnTo,
      ...sharedAttributes,
    },
    events: {
      'sm-donation-completed': "A gift was confirmed in the person's donation history.",
      'sm-app-link': backToApp,
      ...sharedEvents,
    },
    parts: { ...fieldParts, slider: 'The amount slider.', ...dialogParts },
    cssProperties: { ...themeProperties, '--sm-color-primary': 'Buttons, the slider, the chosen frequency.' },
  },
  'sm-history': {
    summary:
      'Transaction history in three tabs (Credit Purchase, Content Purchase, Donations), 20 a page; mp3 downloads.',
    example: 'tab="content"',
    height: 1128,
    attributes: {
      tab: {
        type: 'enum',
        default: 'credit',
        values: { credit: none, content: none, donations: none },
        description: 'The tab shown first.',
      },
      ...sharedAttributes,
    },
    events: { ...sharedEvents },
    parts: { ...fieldParts, tabs: 'The three tabs.' },
    cssProperties: { ...themeProperties, '--sm-color-primary': 'The selected tab, links.' },
  },
  'sm-survey': {
    summary: 'A short survey, one question at a time, 1 to 3 choices each; ends with a thank-you.',
    height: 600,
    draws: true,
    attributes: { ...sharedAttributes },
    events: {
      'sm-survey-done': 'The answers were submitted.',
      'sm-app-link':
        "In the mobile app's webview, the close icon or Back asks the app to close the survey (smapp://survey_done).",
      ...sharedEvents,
    },
    parts: { ...fieldParts, overlay: dialogParts.overlay },
    cssProperties: { ...themeProperties, '--sm-color-primary': 'Chosen options, buttons, the progress.' },
  },
  'sm-newsletter': {
    summary: 'The newsletter form (email and Subscribe); works on any page, signed in or not.',
    example: 'theme="dark"',
    height: 274,
    attributes: { ...sharedAttributes },
    events: { 'sm-newsletter-subscribed': 'The address was subscribed.', ...sharedEvents },
    parts: {
      card: fieldParts.card,
      input: 'The email input.',
      button: 'The Subscribe button.',
      toast: 'The 3-second message.',
    },
    cssProperties: { ...themeProperties, '--sm-color-primary': 'The button.' },
  },
} as const satisfies Record<`sm-${string}`, TagSpec>;

export type Tag = keyof typeof tags;

/** The props a tag's component receives, typed from its attributes, e.g. TagProps<'sm-topup'>. */
export type TagProps<T extends Tag> = PropsOf<(typeof tags)[T]>;
