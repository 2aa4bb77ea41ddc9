/**
 * Blocks holding the places a view's data will fill, so nothing moves when it comes: `count`
 * items sized by `className`, in a box laid out as their list (`within`), under its `legend`.
 * Hidden from assistive technology: the view's status line says it is loading.
 */
export function Places({
  count,
  className,
  within,
  legend,
}: {
  count: number;
  className: string;
  within: string;
  /** The heading of the group that will be there (a radio group's legend). */
  legend?: string;
}) {
  const places = Array.from({ length: count }, (_, index) => (
    <span key={index} className={`${className} sm-skeleton-line`}>
      {'\u00a0'}
    </span>
  ));
  return legend === undefined ? (
    <div className={within} aria-hidden="true">
      {places}
    </div>
  ) : (
    // In a box of its own, as Choices' group is (WebKit makes a fieldset that is a flex item too tall by its legend).
    <div aria-hidden="true">
      <fieldset className={within} disabled>
        <legend>{legend}</legend>
        {places}
      </fieldset>
    </div>
  );
}
