/**
 * Links to the organisation's other sites (settings: VITE_* at build time).
 */
const env = import.meta.env ?? {};
/** A VITE_* setting, or `fallback` where it is unset or empty. */
const setting = (name: string, fallback: string): string => (env[name] as string | undefined) || fallback;
const site = setting('VITE_SITE_URL', 'https://www.example.org');

export const links = {
  about: setting('VITE_ABOUT_URL', `${site}/about`),
  musicians: setting('VITE_MUSICIANS_URL', `${site}/musicians`),
  blog: setting('VITE_BLOG_URL', `${site}/blog`),
  appDownload: setting('VITE_APP_DOWNLOAD_URL', `${site}/download`),
  webPlayer: setting('VITE_WEB_PLAYER_URL', `${site}/player`),
  terms: setting('VITE_TERMS_URL', `${site}/terms`),
  privacy: setting('VITE_PRIVACY_URL', `${site}/privacy`),
  facebook: setting('VITE_FACEBOOK_URL', 'https://www.facebook.com/'),
  instagram: setting('VITE_INSTAGRAM_URL', 'https://www.instagram.com/'),
  youtube: setting('VITE_YOUTUBE_URL', 'https://www.youtube.com/'),
};

/** The product's name, in the banners ('Partner with ...'). */
export const PRODUCT_NAME = setting('VITE_PRODUCT_NAME', 'Sacred Music');
