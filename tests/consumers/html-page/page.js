// The page listens for the tag's event like any DOM event.
document.querySelector('sm-newsletter').addEventListener('sm-newsletter-subscribed', (event) => {
  document.getElementById('heard').textContent = `The page heard: ${event.detail.email} subscribed.`;
});
