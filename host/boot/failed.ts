/** The portal page's line when its scripts do not come (the network dropped), from the head script. */
/**
 * The page's scripts, or a file of the page's own one imports, did not come (the network dropped): the page would wait
 * for good. Say so in the portal's language (the page's template, from the catalogues: tools/prerender.tsx), with a
 * button that loads the page again. (Error events do not bubble: this listens as they go down; and only until the
 * page has loaded, when its scripts have run or failed.)
 */
function failed(event: Event, language: string): void {
  const script = event.target as HTMLScriptElement | null;
  const said = document.getElementById('portal-failed') as HTMLTemplateElement | null;
  if (
    !script ||
    script.tagName !== 'SCRIPT' ||
    !String(script.src).startsWith(`${location.origin}/`) ||
    !said ||
    document.querySelector('body > .portal-failed')
  )
    return;
  const line = (said.content.querySelector(`[lang="${language}"]`) ?? said.content.firstElementChild)?.cloneNode(
    true,
  ) as Element | undefined;
  if (!line) return;
  line.querySelector('button')?.addEventListener('click', () => location.reload());
  document.body.prepend(line);
}
/** Says so when a script of the page's own does not come, until the page has loaded. */
export function sayWhenScriptsFail(language: string): void {
  const listener = (event: Event) => failed(event, language);
  document.addEventListener('error', listener, true);
  addEventListener('load', () => document.removeEventListener('error', listener, true));
}
