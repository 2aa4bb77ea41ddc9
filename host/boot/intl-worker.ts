/**
 * intl-worker.js, the worker host/boot/intl.ts starts: makes the formats the portal's views make (money in dollars,
 * numbers, long dates, plurals) in each locale it is sent, which loads their data for the whole page, and ends.
 */
addEventListener('message', ({ data }: MessageEvent<unknown>) => {
  for (const locale of Array.isArray(data) ? data : []) {
    try {
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1);
      new Intl.NumberFormat(locale).format(1);
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(0);
      new Intl.PluralRules(locale).select(1);
    } catch {
      // Not a locale Intl knows: the page's own formats say so, as they would without this worker.
    }
  }
  close();
});
