import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactNode } from 'react';
import { formatDate } from '../../shared/format/dates';
import { formatCredits } from '../../shared/format/money';
import { hrefFor, type RouteName } from '../../shared/routing/routes';
import { Avatar } from '../../shared/ui/Avatar';
import { useDeps, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import { isMonthly, isSubscriber, membershipDate } from '../../shared/session/membership';
import type { UserProfile } from '../../shared/api/schemas';
import { profileFailed, useProfile } from '../profile';
import { manageOpen } from '../shell/ManageMembership';
import '@messages/portal';

/**
 * Home: the missions, the My Dashboard card (avatar, name, email, joined date, credit balance) and the history. Until
 * the profile is there (and in the prerendered markup, the same for everyone) the card holds a place of its size for
 * each of those; the tags around it stay the same elements throughout.
 */
/** The credit balance (its place held until the profile comes) and, where this build has it, Top Up. */
function Balance(props: { available: ReadonlySet<RouteName>; testId?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="portal-balance">
      <div>
        <span className="portal-label">{t('portal.home.credits')}</span>
        <strong data-testid={props.testId}>{props.children}</strong>
      </div>
      {props.available.has('TopUpPage') ? (
        <a className="portal-button" href={hrefFor('TopUpPage')}>
          {t('portal.home.topUp')}
        </a>
      ) : null}
    </div>
  );
}

export function HomePage({ available }: { available: ReadonlySet<RouteName> }) {
  useSignals();
  const user = useProfile();
  return (
    <>
      {available.has('DonationListsPage') ? <sm-donate view="missions" list="home" /> : null}
      {user ? <Dashboard user={user} available={available} /> : <HeldDashboard available={available} />}
      <sm-history />
    </>
  );
}

/** The card while the profile is on its way, each place the size of what comes; or, when it did not come, a retry. */
function HeldDashboard({ available }: { available: ReadonlySet<RouteName> }) {
  const t = useT();
  useSignals();
  const { account } = useDeps();
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setError(null);
    const result = await account.refreshProfile();
    profileFailed.value = !result.ok;
    if (!result.ok) setError(result.error.message);
  };
  if (profileFailed.value) {
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
  return (
    <section className="portal-card" aria-labelledby="dashboard-title" aria-busy="true">
      <h1 id="dashboard-title">{t('portal.home.title')}</h1>
      <div className="portal-profile" aria-hidden="true">
        <span className="sm-avatar portal-place portal-avatar-72" />
        <div className="portal-profile-held">
          <span className="portal-place portal-name" />
          <span className="portal-place" />
          <span className="portal-place" />
        </div>
      </div>
      <div className="portal-membership" />
      <Balance available={available}>
        <span className="portal-place" aria-hidden="true" />
      </Balance>
    </section>
  );
}

/** The card with the profile. */
function Dashboard({ user, available }: { user: UserProfile; available: ReadonlySet<RouteName> }) {
  const t = useT();
  const language = useShownLanguage();
  return (
    <section className="portal-card" aria-labelledby="dashboard-title" data-testid="my-dashboard">
      <h1 id="dashboard-title">{t('portal.home.title')}</h1>
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
      <div className="portal-membership">
        {isSubscriber(user) ? <span className="portal-badge">{t('portal.membership.premium')}</span> : null}
        {isMonthly(user) ? (
          <button type="button" className="portal-button portal-button-ghost" onClick={() => (manageOpen.value = true)}>
            {t('portal.membership.manage')}
          </button>
        ) : null}
        {!isSubscriber(user) && available.has('SubscribePage') ? (
          <a className="portal-button" href={hrefFor('SubscribePage')}>
            {t('portal.membership.join')}
          </a>
        ) : null}
      </div>
      <Balance available={available} testId="credit-balance">
        {formatCredits(user.credit_balance, t)}
      </Balance>
    </section>
  );
}
