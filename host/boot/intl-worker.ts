/** intl-worker.js (host/boot/intl.ts): makes the views' formats in each locale it is sent, loading their data; ends. */
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
