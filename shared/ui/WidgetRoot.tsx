/**
 * The root of every widget's view inside its shadow root: the base styles plus the widget's
 * own, and a context giving descendants the host element (to dispatch sm-* events from it).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { baseStyles } from './styles';

const HostContext = createContext<HTMLElement | null>(null);

/** The custom element this view is rendered in (null when rendered outside one, e.g. in tests). */
export function useHost(): HTMLElement | null {
  return useContext(HostContext);
}

export interface WidgetRootProps {
  /** What r2wc passes as `container`: the element's shadow root. */
  container?: ShadowRoot | HTMLElement | undefined;
  styles?: string;
  children: ReactNode;
}

export function WidgetRoot({ container, styles = '', children }: WidgetRootProps) {
  const host = container instanceof ShadowRoot ? (container.host as HTMLElement) : (container ?? null);
  return (
    <HostContext.Provider value={host}>
      <style>{baseStyles + styles}</style>
      {children}
    </HostContext.Provider>
  );
}
