import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { formatDate } from '../../shared/format/dates';
import { formatCredits } from '../../shared/format/money';
import { hrefFor, type RouteName } from '../../shared/routing/routes';
import { refreshProfile } from '../../shared/session/account';
import { session } from '../../shared/session/session';
import { Avatar } from '../../shared/ui/Avatar';
import { messages as m } from '../messages';

/** Home: the My Dashboard card (avatar, name, email, joined date, credit balance). */
export function HomePage({ available }: { available: ReadonlySet<RouteName> }) {
  useSignals();
  const user = session.user.value;
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setError(null);
    const result = await refreshProfile();
    if (!result.ok) setError(result.error.message);
  };
  if (!user) {
    return (
      <section className="portal-card" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">{m.home.title}</h1>
        {error ? (
          <p role="alert">
            {m.home.loadFailed} {error}
          </p>
        ) : null}
        <button type="button" className="portal-button" onClick={() => void retry()}>
          {m.home.retry}
        </button>
      </section>
    );
  }
  return (
    <section className="portal-card" aria-labelledby="dashboard-title" data-testid="my-dashboard">
      <h1 id="dashboard-title">{m.home.title}</h1>
      <div className="portal-profile">
        <Avatar name={user.name} src={user.avatar} size={72} />
        <dl>
          <dt className="sr-only">Name</dt>
          <dd className="portal-name">{user.name}</dd>
          <dt className="sr-only">Email</dt>
          <dd>{user.email}</dd>
          <dt>{m.home.joined}</dt>
          <dd>{formatDate(user.joined)}</dd>
        </dl>
      </div>
      <div className="portal-balance">
        <div>
          <span className="portal-label">{m.home.credits}</span>
          <strong data-testid="credit-balance">{formatCredits(user.credit_balance)}</strong>
        </div>
        {available.has('TopUpPage') ? (
          <a className="portal-button" href={hrefFor('TopUpPage')}>
            {m.home.topUp}
          </a>
        ) : null}
      </div>
    </section>
  );
}
