/**
 * No tag moves the page it is embedded in on its own: every tag, with every combination of its own attributes that
 * the tag table allows (each view; a mission or none; each list where it lists; with and without `portal`), signed out
 * and signed in, is put on a page of another origin, and the page's address must not change while it loads and shows.
 * (A press may take the person to the portal: a sign-in button, a Donate button. Nothing else may.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tags } from '../../widgets/tags';
import { blogUrl, browserPerFile, newPage, signedInElsewhere } from './support';

const browser = browserPerFile();

type Combination = Record<string, string>;

/** A tag's own attributes (not api-base, theme, language) in every combination the table allows. */
function combinations(tag: keyof typeof tags): Combination[] {
  const attributes = tags[tag].attributes as Record<string, { type: string; values?: object }>;
  let all: Combination[] = [{}, { portal: '1' }];
  for (const [name, spec] of Object.entries(attributes)) {
    if (name === 'api-base' || name === 'portal' || name === 'theme' || name === 'language') continue;
    // A value for a text attribute that needs one (a mission), and none.
    const values = spec.values ? Object.keys(spec.values) : ['2'];
    all = all.flatMap((c) => [...(spec.values ? [] : [c]), ...values.map((v) => ({ ...c, [name]: v }))]);
  }
  // A list is chosen for view="missions" only: the other views show the same whatever the list.
  return all.filter((c) => !c.list || c.list === 'all' || c.view === 'missions');
}

/** The page's address changes (a navigation, a hash change) while `attributes` load and show. */
async function moves(page: Page, tag: string, attributes: Combination): Promise<string | null> {
  const url = `${blogUrl().replace('blog.html', 'tag.html')}?${new URLSearchParams({ tag, ...attributes })}`;
  const moved: string[] = [];
  const onNavigated = (frame: { url(): string; parentFrame(): unknown }) => {
    if (!frame.parentFrame() && frame.url() !== url) moved.push(frame.url());
  };
  page.on('framenavigated', onNavigated);
  await page.goto(url);
  // A tag that takes the page away is not there to wait for: the page's quiet network is.
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  page.off('framenavigated', onNavigated);
  if (page.url() !== url) moved.push(page.url());
  return moved[0] ?? null;
}

describe('no tag moves the page it is on', () => {
  for (const signedIn of [false, true]) {
    it(`every tag and attribute combination, ${signedIn ? 'signed in' : 'signed out'}`, async () => {
      const { context } = signedIn
        ? await signedInElsewhere(browser(), 'listener@example.org', 'listen-2026')
        : await newPage(browser());
      const all = (Object.keys(tags) as (keyof typeof tags)[]).flatMap((tag) =>
        combinations(tag).map((attributes) => ({ tag, attributes })),
      );
      const moved: string[] = [];
      // Four pages at a time, each taking the next combination.
      await Promise.all(
        [0, 1, 2, 3].map(async () => {
          const page = await context.newPage();
          for (let next = all.shift(); next; next = all.shift()) {
            const to = await moves(page, next.tag, next.attributes);
            if (to) moved.push(`<${next.tag} ${new URLSearchParams(next.attributes).toString()}> went to ${to}`);
          }
        }),
      );
      expect(moved.sort()).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
