// Runs in <head> before the page is parsed (a plain script: the page's CSP allows only its own
// files). Names the route the address asks for, so the prerendered markup of that public route
// shows at once (html[data-route] in the page's style) while the portal's script loads; and, as
// the parser adds them, takes out the other routes' prerendered blocks, so their tags never start
// (module scripts run only after parsing, and these removals happen before that). A signed-in
// visitor, an address with a query (the markup was rendered without one), or a route with no
// prerendered markup sees the page as the script draws it.
(function () {
  var hash = location.hash.replace(/^#/, '');
  var path = hash.split('?')[0] || '/login';
  var signedIn = false;
  try {
    // Read as the session reads it (shared/session/session.ts): a sign-in past its expiry is no one's.
    var session = JSON.parse(localStorage.getItem('sm.session.v1') || 'null');
    signedIn = !!(session && session.auth && session.auth.expiresAt > Date.now());
  } catch {
    /* storage blocked, or a record the session would not read either: show the prerendered route */
  }
  // The markup is English: a portal that will show another language (the menu's choice, else the browser's first
  // language we have; host/language.ts) is drawn by its script instead, so nothing typed into English markup is lost.
  var language = 'en';
  var wanted = [];
  try {
    var chosen = localStorage.getItem('sm.portal.language');
    if (chosen === 'en' || chosen === 'fil' || chosen === 'zh-Hans' || chosen === 'es') language = chosen;
    else wanted = navigator.languages || [navigator.language || ''];
  } catch {
    /* storage blocked: the browser's languages alone decide, as below */
    wanted = navigator.languages || [navigator.language || ''];
  }
  for (var k = 0; k < wanted.length; k++) {
    var tag = String(wanted[k]).toLowerCase().replace(/_/g, '-');
    if (/^en(-|$)/.test(tag)) break;
    var found = /^(fil|tl)(-|$)/.test(tag) ? 'fil' : /^es(-|$)/.test(tag) ? 'es' : /^zh(-|$)/.test(tag) && !/^zh-(hant|tw|hk|mo)(-|$)/.test(tag) ? 'zh-Hans' : null;
    if (found) {
      language = found;
      break;
    }
  }
  var keep = signedIn || language !== 'en' || hash.indexOf('?') >= 0 ? null : path;
  if (keep) document.documentElement.setAttribute('data-route', keep);
  var observer = new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var added = records[i].addedNodes;
      for (var j = 0; j < added.length; j++) {
        var node = added[j];
        if (node.nodeType === 1 && node.hasAttribute('data-route') && node.parentNode && node.parentNode.id === 'portal' && node.getAttribute('data-route') !== keep) node.remove();
      }
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', function () {
    observer.disconnect();
  });
  // The page's scripts, or a file of the page's own one imports, did not come (the network dropped): the page would
  // wait for good. Say so in the portal's language (the page's template, from the catalogues: tools/prerender.tsx),
  // with a button that loads the page again. (Error events do not bubble: this listens as they go down; and only
  // until the page has loaded, when its scripts have run or failed.)
  function failed(event) {
    var script = event.target;
    var said = document.getElementById('portal-failed');
    if (!script || script.tagName !== 'SCRIPT' || String(script.src).indexOf(location.origin + '/') !== 0 || !said || document.querySelector('body > .portal-failed')) return;
    var line = said.content.querySelector('[lang="' + language + '"]') || said.content.firstElementChild;
    if (!line) return;
    line = line.cloneNode(true);
    line.querySelector('button').addEventListener('click', function () {
      location.reload();
    });
    document.body.prepend(line);
  }
  document.addEventListener('error', failed, true);
  addEventListener('load', function () {
    document.removeEventListener('error', failed, true);
  });
  // The chunks the portal's script imports (tools/modulepreload.ts lists them in a template): fetched right after the
  // first frame, so they do not hold back its paint, and all at once rather than as the script finds them.
  requestAnimationFrame(function () {
    setTimeout(function () {
      var links = document.getElementById('sm-modulepreload');
      if (links) document.head.append(links.content.cloneNode(true));
    });
  });
})();
