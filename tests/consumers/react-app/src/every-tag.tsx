// Correct use of every tag, its attributes and its events, as an embedder writes it: tsc must accept all of it.
import 'sm-portal-widgets';
import 'sm-portal-widgets/sm-login';
import 'sm-portal-widgets/sm-topup';
import 'sm-portal-widgets/sm-subscribe';
import 'sm-portal-widgets/sm-donate';
import 'sm-portal-widgets/sm-history';
import 'sm-portal-widgets/sm-survey';
import 'sm-portal-widgets/sm-newsletter';
import 'sm-portal-widgets/react';
import type { SmDonateElement } from 'sm-portal-widgets';

const api = 'https://api.example.org';
const portal = 'https://portal.example.org/';

export function EveryTag() {
  return (
    <>
      <sm-login
        view="register"
        api-base={api}
        portal={portal}
        theme="dark"
        language="en"
        onsm-signed-in={(e) => e.detail.email}
        onsm-registered={(e) => e.detail.email}
        onsm-app-signin={(e) => e.detail.provider === 'apple' && e.preventDefault()}
      />
      <sm-topup view="topup" api-base={api} onsm-payment-completed={(e) => e.detail.kind === 'credit'} />
      <sm-subscribe
        view="manage"
        onsm-close={() => undefined}
        onsm-amount-changed={(e) => e.detail.amount}
        onsm-membership-canceled={(e) => e.detail.endDate}
        onsm-payment-completed={(e) => e.detail.sessionId}
      />
      <sm-donate mission="2" view="missions" list="home" onsm-donation-completed={(e) => e.detail.amount.toFixed(2)} />
      <sm-history tab="donations" className="history" />
      <sm-survey theme="light" onsm-survey-done={(e) => e.detail.answered} />
      <sm-newsletter api-base={api} onsm-newsletter-subscribed={(e) => e.detail.email.toLowerCase()} />
    </>
  );
}

// The DOM side: the tag map and the page-wide events.
const donate: SmDonateElement | null = document.querySelector('sm-donate');
if (donate) {
  donate.view = 'success';
  donate.addEventListener('sm-donation-completed', (e) => e.detail.sessionId);
}
document.createElement('sm-login').view = 'forgot-password';
document.addEventListener('sm-signed-out', (e) => e.detail.reason === 'expired');
document.addEventListener('sm-app-link', (e) => e.detail.url);
