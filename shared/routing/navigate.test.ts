// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../config/config';
import { appDeepLink, currentQuery, openAppLink, resetTakenTokens, takeQueryToken } from './navigate';

describe('navigation helpers', () => {
  afterEach(() => {
    config.appScheme.value = 'smapp';
    resetTakenTokens();
    history.replaceState(null, '', '/');
  });

  it('builds deep links only on the configured app scheme', () => {
    expect(appDeepLink('survey_done')).toBe('smapp://survey_done');
    expect(appDeepLink('transaction_done', { price: '12' })).toBe('smapp://transaction_done?price=12');
    config.appScheme.value = 'sacredmusic';
    expect(appDeepLink('gopremium')).toBe('sacredmusic://gopremium');
  });

  it('lets a webview bridge take over a deep link through the cancelable sm-app-link event', () => {
    const seen: string[] = [];
    const listener = (event: Event) => {
      event.preventDefault();
      seen.push((event as CustomEvent<{ url: string }>).detail.url);
    };
    document.addEventListener('sm-app-link', listener);
    openAppLink('survey_done');
    document.removeEventListener('sm-app-link', listener);
    expect(seen).toEqual(['smapp://survey_done']);
  });

  it('takes a one-time token out of the address at once, from the hash or the search', () => {
    history.replaceState(null, '', '/?_t=from-search#/login?_t=from-hash&type=topup');
    expect(takeQueryToken('_t')).toBe('from-hash'); // the hash route's own query wins
    expect(location.href).not.toContain('_t='); // both copies leave the address at once
    expect(currentQuery().type).toBe('topup');
    expect(takeQueryToken('_t')).toBe('from-hash'); // the same page keeps its value
  });
});
