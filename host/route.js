// Runs in <head> before the page is parsed (a plain script: the page's CSP allows only its own
// files): names the route the address asks for, so the prerendered markup of that public route
// shows at once (portal.css: html[data-route]) while the portal's script loads. A signed-in
// visitor, or a route with no prerendered markup, sees the page as the script draws it.
(function () {
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/login';
  var signedIn = false;
  try {
    signedIn = /"accessToken"/.test(localStorage.getItem('sm.session.v1') || '');
  } catch {
    /* storage blocked: show the prerendered route */
  }
  if (!signedIn) document.documentElement.setAttribute('data-route', path);
})();
