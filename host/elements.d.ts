/** The sm-* tags as React 19 JSX elements in the host page (embedders get the generated dist/widgets/sm-widgets.d.ts). */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type SmElement<A> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & A & { theme?: 'light' | 'dark'; language?: string };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'sm-login': SmElement<{ view?: string; 'api-base'?: string; portal?: string }>;
      'sm-history': SmElement<{ tab?: string; 'api-base'?: string; portal?: string }>;
      'sm-survey': SmElement<{ 'api-base'?: string; portal?: string }>;
      'sm-newsletter': SmElement<{ 'api-base'?: string; portal?: string }>;
      'sm-donate': SmElement<{ view?: string; mission?: string; list?: string; 'api-base'?: string; portal?: string }>;
      'sm-subscribe': SmElement<{ view?: string; 'api-base'?: string; portal?: string }>;
      'sm-topup': SmElement<{ view?: string; 'api-base'?: string; portal?: string }>;
    }
  }
}
