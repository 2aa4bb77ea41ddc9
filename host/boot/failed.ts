/**
 * A script of the page's own did not come (the network dropped), and the page would wait for good: says so in the
 * portal's language (#portal-failed, tools/prerender.tsx), with a button that loads the page again.
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
/**
 * Says so until the page has loaded, when its scripts have run or failed (error events do not bubble: caught going
 * down).
 */
export function sayWhenScriptsFail(language: string): void {
  const listener = (event: Event) => failed(event, language);
  document.addEventListener('error', listener, true);
  addEventListener('load', () => document.removeEventListener('error', listener, true));
}
