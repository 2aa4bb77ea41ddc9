/**
 * Firefox for the browser runs (the element tests and the other engines' end-to-end set): Debian's Firefox ESR,
 * launched by puppeteer-core over WebDriver BiDi (no geckodriver, nothing downloaded), headless, with what makes a run
 * slow or noisy turned off.
 */
import { existsSync } from 'node:fs';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Whether this machine has Firefox. */
export function firefoxInstalled(): boolean {
  return existsSync(FIREFOX_PATH);
}

/** The preferences of a test profile: no updates, telemetry or first-run pages, no network beyond the page's own. */
export const FIREFOX_PREFS: Record<string, unknown> = {
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'extensions.update.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
};

/** puppeteer-core's launch options for Firefox ESR. */
export function firefoxLaunchOptions() {
  return {
    browser: 'firefox' as const,
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS,
  };
}
