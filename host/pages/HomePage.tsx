import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { formatDate } from '../../shared/format/dates';
import { formatCredits } from '../../shared/format/money';
import { hrefFor, type RouteName } from '../../shared/routing/routes';
import { Avatar } from '../../shared/ui/Avatar';
import { useDeps, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import { isMonthly, isSubscriber, membershipDate } from '../../shared/session/membership';
import { profileFailed, useProfile } from '../profile';
import { manageOpen } from '../shell/ManageMembership';
import '@messages/portal';

/**
 * Home: the missions, the My Dashboard card (avatar, name, email, joined date, credit balance) and the history. Until
 * the profile is there (and in the prerendered markup, the same for everyone) the card holds a place of its size for
 * each of those; the tags around it stay the same elements throughout.
 */
export function HomePage({ available }: { available: ReadonlySet<RouteName> }) {
  return (
    <>
      {available.has('DonationListsPage') ? <sm-donate view="missions" list="home" /> : null}
      <Dashboard available={available} />
      <sm-history />
    </>
  );
}

/**
 * My Dashboard. The card and its elements are the same while the profile is on its way (places held, each the size of
 * what comes: the prerendered card) and once it is there, so nothing the person reached meanwhile is drawn anew: Top
 * Up is a link that works from the first paint, and keeps the focus of someone who tabbed to it. When the profile did
 * not come, the card says so and offers to ask again.
 */
function Dashboard({ available }: { available: ReadonlySet<RouteName> }) {
  const t = useT();
  useSignals();
  const user = useProfile();
  const language = useShownLanguage();
  if (!user && profileFailed.value) return <DashboardFailed />;
  return (
    <section
      className="portal-card"
      aria-labelledby="dashboard-title"
      aria-busy={user ? undefined : true}
      data-testid="my-dashboard"
    >
      <h1 id="dashboard-title">{t('portal.home.title')}</h1>
      {user ? (
        <div className="portal-profile">
          <Avatar name={user.name} src={user.avatar} size={72} />
          <dl>
            <dt className="sr-only">Name</dt>
            <dd className="portal-name">{user.name}</dd>
            <dt className="sr-only">Email</dt>
            <dd>{user.email}</dd>
            {(() => {
              const date = membershipDate(user);
              if (!date) {
                return (
                  <>
                    <dt>{t('portal.home.joined')}</dt>
                    <dd>{formatDate(user.joined, language)}</dd>
                  </>
                );
              }
              const label =
                date.kind === 'renews'
                  ? t('portal.membership.renews')
                  : date.kind === 'changes'
                    ? t('portal.membership.changes')
                    : t('portal.membership.ends');
              return (
                <>
                  <dt>{label}</dt>
                  <dd data-testid="membership-date">{formatDate(date.date, language)}</dd>
                </>
              );
            })()}
          </dl>
        </div>
      ) : (
        <div className="portal-profile" aria-hidden="true">
          <span className="sm-avatar portal-place portal-avatar-72" />
          <div className="portal-profile-held">
            <span className="portal-place portal-name" />
            <span className="portal-place" />
            <span className="portal-place" />
          </div>
        </div>
      )}
      <div className="portal-membership">
        {user && isSubscriber(user) ? <span className="portal-badge">{t('portal.membership.premium')}</span> : null}
        {user && isMonthly(user) ? (
          <button type="button" className="portal-button portal-button-ghost" onClick={() => (manageOpen.value = true)}>
            {t('portal.membership.manage')}
          </button>
        ) : null}
        {user && !isSubscriber(user) && available.has('SubscribePage') ? (
          <a className="portal-button" href={hrefFor('SubscribePage')}>
            {t('portal.membership.join')}
          </a>
        ) : null}
      </div>
      <div className="portal-balance">
        <div>
          <span className="portal-label">{t('portal.home.credits')}</span>
          {user ? (
            <strong data-testid="credit-balance">{formatCredits(user.credit_balance, t)}</strong>
          ) : (
            <strong>
              <span className="portal-place" aria-hidden="true" />
            </strong>
          )}
        </div>
        {available.has('TopUpPage') ? (
          <a className="portal-button" href={hrefFor('TopUpPage')}>
            {t('portal.home.topUp')}
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** The card when the profile did not come: what happened, and a button that asks again. */
function DashboardFailed() {
  const t = useT();
  const { account } = useDeps();
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setError(null);
    const result = await account.refreshProfile();
    profileFailed.value = !result.ok;
    if (!result.ok) setError(result.error.message);
  };
  return (
    <section className="portal-card" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('portal.home.title')}</h1>
      <p role="alert">
        {t('portal.home.loadFailed')} {error}
      </p>
      <button type="button" className="portal-button" onClick={() => void retry()}>
        {t('portal.home.retry')}
      </button>
    </section>
  );
}
