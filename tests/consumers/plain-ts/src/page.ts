// A page's own script, in plain TypeScript: no React anywhere, skipLibCheck off. The package's
// types (the main entry's, which every tag's entry shares) are the DOM's alone.
import 'sm-portal-widgets/sm-donate';
import 'sm-portal-widgets/sm-newsletter';
import type { SmDonateAttributes, SmDonateElement, SmEventMap } from 'sm-portal-widgets';

const donate: SmDonateElement | null = document.querySelector('sm-donate');
if (donate) {
  donate.mission = '2';
  donate.view = 'donate';
  // @ts-expect-error: not a view of sm-donate
  donate.view = 'checkout';
  donate.addEventListener('sm-donation-completed', (event) => {
    document.title = `Thank you for $${event.detail.amount.toFixed(2)}`;
  });
}

// Attributes as a page writes them, checked against the tag's allowed values.
const attributes: SmDonateAttributes = { mission: '2', theme: 'dark', 'api-base': 'https://api.example.org' };
for (const [name, value] of Object.entries(attributes)) donate?.setAttribute(name, String(value));

document
  .querySelector('sm-newsletter')
  ?.addEventListener('sm-newsletter-subscribed', (event) => console.log(event.detail.email.toLowerCase()));
document.addEventListener('sm-app-link', (event: SmEventMap['sm-app-link']) => {
  if (event.detail.url.startsWith('smapp://')) event.preventDefault();
});
