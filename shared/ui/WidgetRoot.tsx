/**
 * The root of every widget's view inside its shadow root: the base styles plus the widget's own,
 * and the model dependencies of this element (its own API host and portal, from its `api-base`
 * and `portal` attributes; events dispatched from the element).
 *
 * Views get their model with `useModel(createXModel)`: created once per element with those
 * dependencies, and created anew if the element's settings change.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { settingsFrom } from '../config/config';
import { browserDeps, type ModelDeps } from '../deps/deps';
import { baseStyles } from './styles';

const DepsContext = createContext<ModelDeps | null>(null);

/** Gives descendants a model's dependencies (the portal page provides its own). */
export const DepsProvider = DepsContext.Provider;

export function useDeps(): ModelDeps {
  const deps = useContext(DepsContext);
  if (!deps) throw new Error('useDeps() is used outside a WidgetRoot or DepsProvider.');
  return deps;
}

/** The widget's model, created once with this element's dependencies. */
export function useModel<M>(create: (deps: ModelDeps) => M): M {
  const deps = useDeps();
  const [model] = useState(() => create(deps));
  return model;
}

export interface WidgetRootProps {
  /** What r2wc passes as `container`: the element's shadow root. */
  container?: ShadowRoot | HTMLElement | undefined;
  apiBase?: string | undefined;
  portal?: string | undefined;
  styles?: string;
  children: ReactNode;
}

export function WidgetRoot({ container, apiBase, portal, styles = '', children }: WidgetRootProps) {
  const host = container instanceof ShadowRoot ? (container.host as HTMLElement) : (container ?? null);
  const deps = useMemo(() => browserDeps(settingsFrom({ apiBase, portal }), host), [apiBase, portal, host]);
  return (
    <DepsContext.Provider value={deps}>
      <style>{baseStyles + styles}</style>
      <Fresh key={`${deps.api.base}|${portal ?? ''}`}>{children}</Fresh>
    </DepsContext.Provider>
  );
}

/** Remounts its children (and so their models) when the element's settings change. */
function Fresh({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
