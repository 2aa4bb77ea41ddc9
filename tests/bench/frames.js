/**
 * frames.js: what a member must never see on the way to their page (members.ts adds it as an init
 * script, after probe.js, so it runs from the first parse). Plain JavaScript, so it reaches the page
 * exactly as written; English markers (the bench's pages are English).
 *
 * It records, in window.__benchFrames, for each of these, when it was first and last seen, how
 * many looks saw it and what showed it in the first (milliseconds since navigation):
 * - signin: the sign-in page: sm-login's card on its Log In or Sign Up view, its providers
 *   (Continue with Google ... Continue with Email), or a button, link, tab or heading saying
 *   "Continue with Email" or "Login or Register" (the portal's banner over the sign-in page);
 * - header: the signed-out header: a header holding a link to #/login or #/register (on a phone its
 *   Sign Up and Log In links are folded into its Menu; the header still shows), or a "Sign Up" or
 *   "Log In" link of the page itself (outside any shadow root: not sm-login's own tabs and links);
 * - home: the dashboard ("My Dashboard"), which an app link should not pass through.
 * window.__benchFramesMarks, when set before it runs, names the marks to look for (others stay null).
 * Seen means rendered now: a box of some size inside the viewport, not hidden by `visibility` or
 * `opacity` (Element.checkVisibility, which looks through display:none and shadow hosts), in the
 * document or in any open shadow root (declarative ones included).
 *
 * When it looks: before every frame (requestAnimationFrame) it scans the roots changed since the
 * last (any mutation in the document or an open shadow root), every root when a stylesheet or an
 * image has loaded and at least once a second, then looks at every marker found so far (in view or
 * not); and right after layout, before paint, whenever a marker changes size (ResizeObserver: a
 * marker that CSS alone brings into view).
 */
(() => {
  const ALL = [
    {
      kind: 'signin',
      selector: '[part~="card"][data-view="login"], [part~="card"][data-view="register"], [part~="providers"]',
      texts: ['Continue with Email', 'Login or Register'],
      textSelector: 'button, a, h1, h2, h3, [role="button"], [role="tab"]',
      lightOnly: false,
    },
    {
      kind: 'header',
      selector: 'header:has(a[href$="#/login"], a[href$="#/register"])',
      texts: ['Sign Up', 'Log In'],
      textSelector: 'a',
      lightOnly: true,
    },
    {
      kind: 'home',
      selector: '[data-testid="my-dashboard"]',
      texts: ['My Dashboard'],
      textSelector: 'h1, h2',
      lightOnly: false,
    },
  ];
  // The marks to look for (window.__benchFramesMarks, set before this script, names them; all unless it does).
  const MARKS = ALL.filter((mark) => !window.__benchFramesMarks || window.__benchFramesMarks.includes(mark.kind));
  /**
   * `spent`: the milliseconds its own looks took in all (under the CPU slowdown), for the bench to print; `layout`: the
   * part of that the layout each look brings forward took (a look runs before the frame's own layout, which then has
   * nothing left to do, unless something changes after it).
   */
  const state = { signin: null, header: null, home: null, checks: 0, spent: 0, layout: 0 };
  window.__benchFrames = state;

  /** The document and the open shadow roots found so far, and those changed since the last look. */
  const roots = new Set();
  const changed = new Set();
  let loaded = false;
  /** Elements added since the last look, and custom elements seen without a shadow root yet (the parser may attach a
   * declarative one a moment after it adds the element). */
  let added = [];
  const waiting = new Set();
  const mutations = new MutationObserver((records) => {
    for (const record of records) {
      changed.add(record.target.getRootNode());
      for (const node of record.addedNodes) if (node.nodeType === 1) added.push(node);
    }
  });
  const watch = (root) => {
    if (roots.has(root)) return;
    roots.add(root);
    changed.add(root);
    mutations.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
    // What it holds already (a declarative root is filled as it is parsed) is looked through like added elements.
    added.push(...(root === document ? [document.documentElement].filter(Boolean) : root.children));
  };
  watch(document);
  // Shadow roots a script attaches are watched at once; declarative ones (the parser's) by the next look.
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    if (init && init.mode === 'open') watch(root);
    return root;
  };
  // A stylesheet or an image that arrives changes what shows without a mutation: every root is looked through.
  addEventListener('load', () => (loaded = true), true);

  const visible = (node) => {
    const box = node.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return false;
    if (box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth) return false;
    return !node.checkVisibility || node.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const describe = (node) => {
    const text = (node.innerText || node.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const part = node.getAttribute('part') ? `[part="${node.getAttribute('part')}"]` : '';
    const root = node.getRootNode();
    return `${node.localName}${part}${root instanceof ShadowRoot ? ` in ${root.host.localName}` : ''}${text ? ` "${text}"` : ''}`;
  };

  /** Markers found so far, with their kind: looked at in every frame, and watched for size changes. */
  const markers = new Map();
  const sized = new ResizeObserver((entries) => {
    const now = performance.now();
    for (const entry of entries) {
      const kind = markers.get(entry.target);
      if (kind && entry.target.isConnected && visible(entry.target)) seen(kind, entry.target, now);
    }
    state.spent += performance.now() - now;
  });
  /** A mark seen now; `what` says what showed it in the first look that saw it (at most three things). */
  const seen = (kind, node, now) => {
    const mark = state[kind];
    if (!mark) state[kind] = { first: now, last: now, checks: 1, what: [describe(node)] };
    else if (mark.last !== now) {
      mark.last = now;
      mark.checks++;
    } else if (mark.first === now && mark.what.length < 3) {
      const what = describe(node);
      if (!mark.what.includes(what)) mark.what.push(what);
    }
  };

  /** Open shadow roots of the elements added since the last look (and below them), and of those still waiting. */
  const findRoots = () => {
    const host = (node) => {
      if (node.shadowRoot) {
        waiting.delete(node);
        watch(node.shadowRoot);
      } else if (node.localName.includes('-')) waiting.add(node);
    };
    // A root found adds what it holds to `added`: looked through in the same pass.
    while (added.length) {
      const nodes = added;
      added = [];
      for (const node of nodes) {
        if (!node.isConnected) continue;
        host(node);
        for (const below of node.querySelectorAll('*')) host(below);
      }
    }
    for (const node of waiting) if (!node.isConnected) waiting.delete(node);
    for (const node of [...waiting]) host(node);
  };

  /** The markers in a root (by selector, and by their words), found afresh: one whose words or attributes changed goes. */
  const scan = (root) => {
    for (const node of markers.keys())
      if (node.getRootNode() === root) {
        markers.delete(node);
        sized.unobserve(node);
      }
    for (const mark of MARKS) {
      const found = [...root.querySelectorAll(mark.selector)];
      if (!mark.lightOnly || root === document)
        for (const node of root.querySelectorAll(mark.textSelector))
          if (mark.texts.includes((node.textContent || '').trim())) found.push(node);
      for (const node of found)
        if (!markers.has(node)) {
          markers.set(node, mark.kind);
          sized.observe(node);
        }
    }
  };

  /** Each frame: the roots that changed (every root now and then) are scanned, then every marker is looked at. */
  let lastFull = -Infinity;
  const look = (now) => {
    const full = loaded || now - lastFull >= 1000;
    if (full) lastFull = now;
    loaded = false;
    if (!full && !changed.size && !added.length && !markers.size && !waiting.size) return;
    const start = performance.now();
    try {
      document.documentElement?.getBoundingClientRect();
      state.layout += performance.now() - start;
      state.checks++;
      findRoots();
      for (const root of full ? roots : changed)
        if (roots.has(root) && (root === document || root.host.isConnected)) scan(root);
      changed.clear();
      for (const [node, kind] of markers) {
        if (!node.isConnected) markers.delete(node);
        else if (visible(node)) seen(kind, node, now);
      }
    } finally {
      state.spent += performance.now() - start;
    }
  };
  const frame = () => {
    look(performance.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
