/** Every text <sm-newsletter> shows (English; the product's texts exactly, spelling included). */
export const messages = {
  title: 'Join our newsletter',
  text: 'New music, stories from the missions, and news from the app.',
  label: 'Email',
  placeholder: 'you@example.org',
  subscribe: 'Subscribe',
  sending: 'Sending...',
  dismiss: 'Dismiss',
  needsScript: 'Subscribing needs JavaScript, which is off or did not load on this page.',
} as const;
