/// <reference types="mocha" />
/**
 * The guarded define every sm-* tag goes through (shared/ui/define.ts): attributes parsed from
 * the tag's spec (typed, valid props; a bad value warns with the fix and the default is used),
 * addresses checked, shared attributes validated with a console message, the reserved height from the first
 * frame, a second definition skipped.
 */
import { expect } from 'chai';
import { createElement } from 'react';
import { defineWidget, reserveCss, type ElementSpec } from '../../shared/ui/define';
import { sharedAttributes } from '../../widgets/tags';
import { waitFor } from './support';

/** Renders the props it gets (all but the container) as JSON, and `label` as its text. */
function Probe({ container, ...props }: { label?: string; container?: ShadowRoot }) {
  return createElement(
    'div',
    {
      className: 'sm-card',
      part: 'card',
      'data-host': container instanceof ShadowRoot ? 'shadow' : 'none',
      'data-props': JSON.stringify(props),
    },
    props.label ?? 'no label',
  );
}

const spec = (attributes: ElementSpec['attributes'] = {}, height = 0): ElementSpec => ({ height, attributes });
const views = {
  type: 'enum',
  default: 'start',
  values: { start: {}, small: { height: 40 }, end: {} },
  description: 'The screen.',
} as const;

function captureWarnings(): { messages: string[]; restore: () => void } {
  const original = console.warn;
  const messages: string[] = [];
  console.warn = (...args: unknown[]) => messages.push(args.map(String).join(' '));
  return { messages, restore: () => (console.warn = original) };
}

describe('defineWidget', () => {
  const mounted: HTMLElement[] = [];
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
  });
  const mount = (html: string) => {
    const holder = document.createElement('div');
    holder.innerHTML = html;
    const el = holder.firstElementChild as HTMLElement;
    document.body.append(el);
    mounted.push(el);
    return el;
  };

  it('renders the component in an open shadow root, props from attributes', async () => {
    defineWidget('sm-probe-a', Probe, spec({ label: { type: 'string' } }));
    const el = mount('<sm-probe-a label="hello"></sm-probe-a>');
    await waitFor(() => el.shadowRoot?.querySelector('[part~="card"]'));
    expect(el.shadowRoot!.textContent).to.equal('hello');
    expect(el.shadowRoot!.querySelector('[data-host]')!.getAttribute('data-host')).to.equal('shadow');
  });

  it('a second definition of a tag is skipped, never thrown', () => {
    defineWidget('sm-probe-b', Probe, spec());
    const first = customElements.get('sm-probe-b');
    expect(() => defineWidget('sm-probe-b', Probe, spec({ label: { type: 'string' } }))).not.to.throw();
    expect(customElements.get('sm-probe-b')).to.equal(first);
  });

  it('keeps the reserved height from the moment the element exists, per view', async () => {
    defineWidget('sm-probe-c', Probe, spec({ view: views }, 321));
    const el = mount('<sm-probe-c></sm-probe-c>');
    // Before React has rendered anything:
    expect(el.shadowRoot!.childElementCount).to.equal(0);
    expect(el.getBoundingClientRect().height).to.equal(321);
    expect(getComputedStyle(el).display).to.equal('block');
    el.setAttribute('view', 'small');
    expect(el.getBoundingClientRect().height).to.equal(40);
    el.setAttribute('hidden', '');
    expect(el.getBoundingClientRect().height).to.equal(0);
    expect(reserveCss(spec({ view: views }, 321))).to.equal(
      ':host{display:block;min-height:321px}:host([view="small"]){min-height:40px}:host([hidden]){display:none}',
    );
  });

  it('warns about a bad theme or language and keeps a safe default', async () => {
    defineWidget('sm-probe-d', Probe, spec({ ...sharedAttributes }));
    const warnings = captureWarnings();
    try {
      const el = mount('<sm-probe-d theme="purple" language="fr"></sm-probe-d>');
      await waitFor(() => el.shadowRoot?.querySelector('[part~="card"]'));
      expect(warnings.messages.join('\n')).to.match(
        /\[sm-probe-d\] Unknown theme="purple"\. Use theme="light" or theme="dark"/,
      );
      expect(warnings.messages.join('\n')).to.match(
        /\[sm-probe-d\] language="fr" is not available: only "en", "fil", "zh-Hans", "es" exist/,
      );
      warnings.messages.length = 0;
      el.setAttribute('theme', 'dark');
      el.setAttribute('language', 'en-GB');
      el.setAttribute('theme', '');
      expect(warnings.messages).to.deep.equal([]);
    } finally {
      warnings.restore();
    }
  });

  it('gives the component typed, valid props: a bad enumerated value warns with the fix, and the default is shown', async () => {
    defineWidget('sm-probe-e', Probe, spec({ view: views, ...sharedAttributes }));
    const props = (el: HTMLElement) =>
      JSON.parse(el.shadowRoot!.querySelector('[data-props]')!.getAttribute('data-props')!) as Record<string, unknown>;
    const warnings = captureWarnings();
    try {
      const bad = mount('<sm-probe-e view="x" api-base="https://api.example.org" theme="dark"></sm-probe-e>');
      await waitFor(() => bad.shadowRoot?.querySelector('[data-props]'));
      expect(warnings.messages).to.deep.equal([
        '[sm-probe-e] Unknown view="x". Use one of: start, small, end. Showing "start".',
      ]);
      // Under the same prop names; theme and language stay with the element (the styles read theme).
      expect(props(bad)).to.deep.equal({ view: 'start', apiBase: 'https://api.example.org' });

      const plain = mount('<sm-probe-e></sm-probe-e>');
      await waitFor(() => plain.shadowRoot?.querySelector('[data-props]'));
      expect(props(plain)).to.deep.equal({ view: 'start' });

      warnings.messages.length = 0;
      plain.setAttribute('view', 'end');
      await waitFor(() => props(plain).view === 'end');
      expect(warnings.messages).to.deep.equal([]);
      (plain as HTMLElement & { view?: string }).view = 'nowhere';
      await waitFor(() => props(plain).view === 'start');
      expect(warnings.messages).to.deep.equal([
        '[sm-probe-e] Unknown view="nowhere". Use one of: start, small, end. Showing "start".',
      ]);
    } finally {
      warnings.restore();
    }
  });

  it('checks addresses and patterned text: a bad one warns once, and the component gets none', async () => {
    const mission = { type: 'string', pattern: '[0-9]+', hint: 'a number, such as mission="2"' } as const;
    defineWidget('sm-probe-f', Probe, spec({ mission, ...sharedAttributes }));
    const props = (el: HTMLElement) =>
      JSON.parse(el.shadowRoot!.querySelector('[data-props]')!.getAttribute('data-props')!) as Record<string, unknown>;
    const warnings = captureWarnings();
    try {
      const good = mount(
        '<sm-probe-f api-base="https://api.example.org/" portal="https://portal.example.org/#/" mission="2"></sm-probe-f>',
      );
      await waitFor(() => good.shadowRoot?.querySelector('[data-props]'));
      expect(props(good)).to.deep.equal({
        mission: '2',
        apiBase: 'https://api.example.org',
        portal: 'https://portal.example.org/#',
      });
      expect(warnings.messages).to.deep.equal([]);

      const bad = mount(
        '<sm-probe-f api-base="ftp://api.example.org" portal="javascript:void 0" mission="two"></sm-probe-f>',
      );
      await waitFor(() => bad.shadowRoot?.querySelector('[data-props]'));
      // The same words as the widgets' settings have always used (shared/config/config.ts).
      expect(warnings.messages).to.deep.equal([
        '[sm] Ignoring api-base="ftp://api.example.org": give an absolute http(s) URL such as https://portal.example.org.',
        '[sm] Ignoring portal="javascript:void 0": give an absolute http(s) URL such as https://portal.example.org.',
        '[sm-probe-f] Ignoring mission="two": give a number, such as mission="2".',
      ]);
      // null: a mission was asked for that the widget cannot show; no address: the widget uses its default.
      expect(props(bad)).to.deep.equal({ mission: null });
    } finally {
      warnings.restore();
    }
  });
});
