/**
 * The root of every widget's view: the base and widget styles, and the element's model
 * dependencies (from its `api-base` and `portal`). Views get their model with
 * `useModel(createXModel)`, created anew if the element's settings change.
 */
import { signal } from '@preact/signals-core';
import { trustedText } from '../boot/trusted-types';
import {
  createContext,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { settingsFrom } from '../config/config';
import { browserDeps, type ModelDeps } from '../deps/deps';
import { createI18n, followElement, type I18n, type Language, type Translate } from '../i18n/catalogue';
import { directionOf } from '../i18n/languages';
import { takeBoot } from '../boot/boot';
import { handToModel, replayCapture, type Capture, type Replay } from './capture';
import { ReserveContext } from './reserve';
import { baseStyles } from './styles';

const DepsContext = createContext<ModelDeps | null>(null);
/** What the person did before the code arrived (fields, actions), until a model takes it. */
const CaptureContext = createContext<Capture | null>(null);

/** The language when there is no element to ask (prerendering). */
export const LanguageContext = createContext<Language>('en');

/** Gives descendants a model's dependencies (the portal page provides its own). */
export const DepsProvider = DepsContext.Provider;

export function useDeps(): ModelDeps {
  const deps = useContext(DepsContext);
  if (!deps) throw new Error('useDeps() is used outside a WidgetRoot or DepsProvider.');
  return deps;
}

/** The language shown, redrawing the component when it changes. */
function useLanguage(i18n: I18n): Language {
  return useSyncExternalStore(
    (changed) => i18n.language.subscribe(changed),
    () => i18n.language.peek(),
    () => i18n.language.peek(),
  );
}

/** The language shown, for numbers, money and dates; redraws when it changes. */
export function useShownLanguage(): Language {
  return useLanguage(useDeps().i18n);
}

/** The messages of the element's language; redraws when it changes. */
export function useT(): Translate {
  const { i18n } = useDeps();
  useLanguage(i18n);
  return i18n.t;
}

/**
 * A model's value that arrives after the view is drawn (a list's rows), drawn as a transition: a signal's update
 * reaches React through useSyncExternalStore, which React draws at once, in one task; this draws the view as it was
 * first, then the new value in slices a phone's main thread can answer between (docs/boot.md).
 */
export function useArriving<T>(value: T): T {
  return useDeferredValue(value);
}

/** The widget's model, created once with this element's dependencies, given what was captured. */
export function useModel<M>(create: (deps: ModelDeps) => M, replay?: Replay<M>): M {
  const deps = useDeps();
  const capture = useContext(CaptureContext);
  const [model] = useState(() => {
    const made = create(deps);
    if (capture && replay) handToModel(capture, made, replay);
    return made;
  });
  return model;
}

/** The element a shadow root belongs to (null outside a browser, when prerendering). */
export function hostOf(container: ShadowRoot | HTMLElement | undefined): HTMLElement | null {
  return container && 'host' in container ? (container.host as HTMLElement) : (container ?? null);
}

export interface WidgetRootProps {
  /** What r2wc passes as `container`: the element's shadow root. */
  container?: ShadowRoot | HTMLElement | undefined;
  apiBase?: string | undefined;
  portal?: string | undefined;
  /** The `return-to` attribute of the tags that take payments. */
  returnTo?: 'page' | 'portal' | undefined;
  styles?: string;
  children: ReactNode;
}

export function WidgetRoot({ container, apiBase, portal, returnTo, styles = '', children }: WidgetRootProps) {
  const host = hostOf(container);
  const given = useContext(LanguageContext);
  const [i18n] = useState(() => createI18n(host ? followElement(host) : signal(given)));
  const deps = useMemo(
    () => browserDeps(settingsFrom({ apiBase, portal, returnTo }), host, i18n),
    [apiBase, portal, returnTo, host, i18n],
  );
  const language = useLanguage(i18n);
  const reserve = useContext(ReserveContext);
  const [capture] = useState(() => takeBoot(host));
  // Trusted Types (an enforcing page refuses a string), once per text: React rewrites the style for a new object.
  const css = reserve + baseStyles + styles;
  const style = useMemo(() => ({ __html: trustedText(css) }), [css]);
  // Replays what no model took, in a task of its own: a press sent from inside React's commit is
  // lost if a React root around the element (the portal page's) has not hydrated yet.
  useEffect(() => {
    const root = host?.shadowRoot;
    if (!root || !capture) return;
    const replay = setTimeout(() => replayCapture(root, capture));
    return () => clearTimeout(replay);
  }, [capture, host]);
  return (
    <DepsContext.Provider value={deps}>
      <CaptureContext.Provider value={capture}>
        {/* As HTML: React 18's server renderer escapes text in <style> (`"` as &quot;), breaking the CSS. */}
        <style dangerouslySetInnerHTML={style} />
        <div className="sm-root" lang={language} dir={directionOf(language)}>
          <Fresh key={`${deps.api.base}|${portal ?? ''}`}>{children}</Fresh>
        </div>
      </CaptureContext.Provider>
    </DepsContext.Provider>
  );
}

/** Remounts its children (and so their models) when the element's settings change. */
function Fresh({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
