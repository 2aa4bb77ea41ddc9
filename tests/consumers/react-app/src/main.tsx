// The app a page would build: one tag from its per-tag entry point, its event handled in React.
// The API host comes from ?api= (the test's sandbox).
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'sm-portal-widgets/sm-newsletter';
// The tags in React's JSX: the package's React entry (its types need @types/react; the main entry's do not).
import 'sm-portal-widgets/react';

const api = new URLSearchParams(location.search).get('api') ?? undefined;

function App() {
  const [subscribed, setSubscribed] = useState('');
  return (
    <main>
      <h1>Our newsletter</h1>
      <sm-newsletter
        api-base={api}
        theme="light"
        onsm-newsletter-subscribed={(event) => setSubscribed(event.detail.email)}
      />
      <p role="status">{subscribed ? `The app heard: ${subscribed} subscribed.` : ''}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
