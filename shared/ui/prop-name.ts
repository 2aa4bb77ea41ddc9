/**
 * The one rule that names a tag's props after its attributes: kebab-case to camelCase (api-base -> apiBase). The
 * elements (shared/ui/define.ts), the manifest and typings (tools/custom-elements.ts) and the prerendered markup
 * (tools/prerender.tsx) must name every prop alike, so they all use this. It imports nothing, so the build's tools
 * can load it without the browser code around it.
 */

/** An attribute's prop name as a type: PropName<'api-base'> is 'apiBase'. */
export type PropName<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<PropName<Tail>>}`
  : S;

/** api-base -> apiBase: the prop an attribute sets. */
export const propName = <S extends string>(attribute: S): PropName<S> =>
  attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as PropName<S>;
