/** route.js's draw modules, by tag: generated from the tag table's `draws` (tools/boot-scripts.ts firstViews). */
declare module 'virtual:sm-first-views' {
  import type { Early } from '../shared/boot/boot';

  /** Draws a tag's first view into its shadow root from its early answer, before the loader captures it. */
  type DrawFirstView = (root: ShadowRoot, early: Early, auth: string, beforeCapture?: boolean) => Promise<void>;
  const draws: Readonly<Record<string, DrawFirstView>>;
  export default draws;
}
