/**
 * Registers a React component as a custom element with r2wc, guarded so that a second copy
 * of the script on a page does not throw.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';

type PropType = 'string' | 'number' | 'boolean' | 'json';

export function defineWidget<P extends object>(
  tag: `sm-${string}`,
  component: ComponentType<P>,
  props: Partial<Record<keyof P, PropType>>,
): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const element = r2wc(component, { shadow: 'open', props: props as Record<string, PropType> } as never);
  customElements.define(tag, element);
}
