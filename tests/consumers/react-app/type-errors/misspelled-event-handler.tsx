// Wrong: the handler written the React way (React 19 would listen for "SmNewsletterSubscribed",
// which never fires), and a detail field the event does not carry.
import 'sm-portal-widgets/sm-newsletter';
import 'sm-portal-widgets/react';

export const page = (
  <>
    <sm-newsletter onSmNewsletterSubscribed={() => undefined} />
    <sm-newsletter onsm-newsletter-subscribed={(event) => event.detail.amount} />
  </>
);
