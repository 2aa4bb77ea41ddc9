/**
 * Links to the organisation's other sites (settings: VITE_* at build time).
 */
const env = import.meta.env ?? {};
const site = (env.VITE_SITE_URL as string | undefined) || 'https://www.example.org';

export const links = {
  about: (env.VITE_ABOUT_URL as string | undefined) || `${site}/about`,
  musicians: (env.VITE_MUSICIANS_URL as string | undefined) || `${site}/musicians`,
  blog: (env.VITE_BLOG_URL as string | undefined) || `${site}/blog`,
  appDownload: (env.VITE_APP_DOWNLOAD_URL as string | undefined) || `${site}/download`,
  webPlayer: (env.VITE_WEB_PLAYER_URL as string | undefined) || `${site}/player`,
  terms: (env.VITE_TERMS_URL as string | undefined) || `${site}/terms`,
  privacy: (env.VITE_PRIVACY_URL as string | undefined) || `${site}/privacy`,
  facebook: (env.VITE_FACEBOOK_URL as string | undefined) || 'https://www.facebook.com/',
  instagram: (env.VITE_INSTAGRAM_URL as string | undefined) || 'https://www.instagram.com/',
  youtube: (env.VITE_YOUTUBE_URL as string | undefined) || 'https://www.youtube.com/',
};

/** The product's name, in the banners ('Partner with ...'). */
export const PRODUCT_NAME = (env.VITE_PRODUCT_NAME as string | undefined) || 'Sacred Music';
