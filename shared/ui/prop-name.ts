/**
 * The one rule naming a tag's props after its attributes, shared by the elements, the typings and
 * the prerendered markup. It imports nothing, so the build's tools can load it.
 */

/** An attribute's prop name as a type: PropName<'api-base'> is 'apiBase'. */
export type PropName<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<PropName<Tail>>}`
  : S;

/** api-base -> apiBase: the prop an attribute sets. */
export const propName = <S extends string>(attribute: S): PropName<S> =>
  attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as PropName<S>;
