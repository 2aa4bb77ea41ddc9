/**
 * Runs in a bench page before any of the page's own scripts (the bench adds it as an init script,
 * with window.__benchConfig, a ProbeConfig from pages.ts, set just before). Plain JavaScript, so
 * it reaches the page exactly as written.
 *
 * Each animation frame it looks at the page's control (in the tag's shadow root, or in the
 * document for the plain form) and records, in milliseconds since navigation:
 * - shows: the control is laid out and not hidden;
 * - usable: it shows, is enabled, nothing covers it (a tap on its centre reaches it, not an overlay),
 *   and it takes what the person does: a field takes typing (or a
 *   tap) as soon as it shows and is not read-only (whether what is typed then reaches the model
 *   is what the bench's action runs check); a button takes a click once React handles it
 *   (hydrated) or the loader captures it (the loader keeps a capture for the tag: it records a
 *   press of any of its buttons, and the element presses it again once hydrated), and before
 *   the loader has run for the tag as well: the press leaves the focus on its button (Chromium
 *   focuses a button it presses), and the loader presses the focused button when it runs (the
 *   bench's action runs that tap before the loader arrives check that no tap is lost);
 * - filled: where the first control comes before the view's data (config.filled), when the first
 *   control that shows that data is usable (a field; or text matching config.filledText, such as a
 *   balance's digits);
 * - hydrated: React's handlers are on the control (a tag's, or one in the document with
 *   config.hydrates); `replaced` says whether that is another node than the one that showed first
 *   (the markup was drawn again instead of hydrated);
 * - done: what the person's action leads to shows (config.done).
 * A link (config.kind 'link') is usable once it shows, has its address and is not covered: following
 * it needs no script.
 * It also keeps the first contentful paint, the long tasks, the layout shifts (without those right
 * after an input), and how long each run of the loader's own script took where it ran in a long
 * frame (a long animation frame names the scripts that ran in it: its module, its listeners, its
 * callbacks).
 */
(() => {
  const config = window.__benchConfig;
  const state = {
    shows: null,
    usable: null,
    filled: null,
    hydrated: null,
    replaced: false,
    done: null,
    fcp: null,
    longTasks: [],
    shifts: [],
    loaderRuns: [],
  };
  window.__bench = state;

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput) state.shifts.push({ start: entry.startTime, value: entry.value });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      for (const script of entry.scripts)
        if (/\/widgets\/loader\.js$/.test(script.sourceURL))
          state.loaderRuns.push({ start: script.startTime, duration: script.duration });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });

  const host = () => (config.host ? document.querySelector(config.host) : null);
  const scope = () => (config.host ? host()?.shadowRoot : document);
  const shows = (node) => {
    if (!node) return false;
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== 'hidden';
  };
  const hydrated = (node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'));
  /** What the loader keeps for the tag (it has run for it: its record is captured), as shared/boot/page.ts keeps it. */
  const capture = () => window[Symbol.for('sm.page')]?.boots.get(host())?.captured;
  const captured = (node) => !!capture() && node.getRootNode() === scope();
  /** Pressed now, before the loader has run for the tag, the press is kept by the focus it leaves on the button. */
  const kept = (node) => node.localName === 'button' && !capture() && !customElements.get(config.host);
  /** Something else (a loading overlay) is where a tap on the control's centre would land. */
  const covered = (node) => {
    const box = node.getBoundingClientRect();
    const hit = scope()?.elementFromPoint?.(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && hit !== node && !node.contains(hit) && hit.control !== node && !hit.contains(node);
  };
  /** A field takes typing (or a tap) once it is enabled, not read-only and not covered. */
  const fieldTakes = (node) => !node.disabled && !node.readOnly && !covered(node);
  const takes = (node) =>
    config.kind === 'field'
      ? fieldTakes(node)
      : config.kind === 'link'
        ? node.hasAttribute('href') && !covered(node)
        : !node.disabled && !covered(node) && (hydrated(node) || captured(node) || kept(node));
  /** Whether React's handlers on the control are watched for. */
  const watchesHydration = !!config.host || !!config.hydrates;
  const filledText = config.filledText ? new RegExp(config.filledText) : null;

  /** Where to tap an element of the scope (its centre, in the viewport), or null when it is not there. */
  state.centre = (selector) => {
    const node = scope()?.querySelector(selector);
    if (!shows(node)) return null;
    node.scrollIntoView({ block: 'nearest' });
    const box = node.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };

  let first = null;
  const frame = () => {
    const now = performance.now();
    const root = scope();
    const control = root?.querySelector(config.control);
    if (shows(control)) {
      if (state.shows === null) {
        state.shows = now;
        first = control;
      }
      if (state.usable === null && takes(control)) state.usable = now;
      if (watchesHydration && state.hydrated === null && hydrated(control)) {
        state.hydrated = now;
        state.replaced = control !== first;
      }
    }
    if (config.filled && state.filled === null) {
      const filled = root?.querySelector(config.filled);
      if (shows(filled) && fieldTakes(filled) && (!filledText || filledText.test(filled.textContent)))
        state.filled = now;
    }
    if (config.done && state.done === null) {
      const done = root?.querySelector(config.done.selector);
      if (shows(done) && (!config.done.text || done.textContent.includes(config.done.text))) state.done = now;
    }
    const waiting =
      state.usable === null ||
      (watchesHydration && state.hydrated === null) ||
      (config.filled && state.filled === null) ||
      (config.done && state.done === null);
    if (waiting) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
