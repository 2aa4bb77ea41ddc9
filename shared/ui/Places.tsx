/**
 * Places a view's data will fill, held while it is on its way, so the view has its shape from the first paint (in the
 * prerendered markup too) and nothing around it moves when the data comes: `count` of the element that will be there
 * (`className` gives the size: a choice card, a table row), drawn as plain blocks (`placesStyles` in styles.ts, which
 * the widget adds after its own), in a box laid out as their list is (`within`). The box is hidden from assistive
 * technology: the view's status line beside it says it is loading.
 */
export function Places({ count, className, within }: { count: number; className: string; within: string }) {
  return (
    <div className={within} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className={`${className} sm-skeleton-line`} />
      ))}
    </div>
  );
}
