/**
 * The Chromium every browser run here launches (the end-to-end suites, the element tests, the bench, the screenshots):
 * Debian's /usr/bin/chromium or CHROME_PATH, headless, with what makes a run slow or noisy turned off.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumLaunchOptions {
  executablePath: string;
  headless: true;
  args: string[];
}

/** The launch options (Playwright's, and the web test runner's Chrome launcher's), with any extra switches. */
export function chromiumLaunchOptions(extraArgs: string[] = []): ChromiumLaunchOptions {
  return { executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] };
}
