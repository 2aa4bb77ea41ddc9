/**
 * Places a view's data will fill, held while it is on its way, so the view has its shape from the first paint (in the
 * prerendered markup too) and nothing around it moves when the data comes: `count` of the element that will be there
 * (its class gives the size: a choice card, a table row), drawn as a plain block (`placesStyles` in styles.ts, which the widget adds after its own).
 * Put them in an `aria-hidden` wrapper beside the view's status line, which says it is loading.
 */
export function Places({ count, className }: { count: number; className: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className={`${className} sm-skeleton-line`} />
      ))}
    </>
  );
}
