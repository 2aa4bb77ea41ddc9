/**
 * Places a view's data will fill, held while it is on its way, so the view has its shape from the first paint (in the
 * prerendered markup too) and nothing around it moves when the data comes: `count` of the element that will be there
 * (`className` gives the size: a choice card, an answer), each holding a line of text as the filled one does, drawn as
 * plain blocks (`placesStyles` in styles.ts, which the widget adds after its own), in a box laid out as their list is
 * (`within`), under the group's `legend` where it will have one. `count` is as many as the list usually shows (at
 * most a page of it). The box is hidden from assistive technology: the view's status line beside it says it is
 * loading.
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
  /** The heading of the group that will be there (a radio group's legend): held as it will show, above the places. */
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
