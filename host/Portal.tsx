/**
 * The portal page: the route table, the guard and the shell, composing the sm-* elements.
 */
import { signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  APP_DONATION_MISSION_ID,
  bannerOf,
  ROUTES,
  takesPlace,
  type BannerGroup,
  type Query,
  type RouteName,
  WITHOUT_PAYMENT,
} from '../shared/routing/routes';
import { parseAttribute } from '../shared/ui/define';
import { Overlay } from '../shared/ui/Overlay';
import { useDeps, useT } from '../shared/ui/WidgetRoot';
import { tags } from '../widgets/tags';
import { decide } from './guard';
import { HomePage } from './pages/HomePage';
import {
  Later,
  loadPaymentPages,
  mainHeight,
  ResultPendingPage,
  TransactionFailedPage,
  TransactionSuccessPage,
} from './pages/Later';
import { PremiumPage } from './pages/PremiumPage';
import { UpdatePaymentResult } from './pages/UpdatePaymentPages';
import { ManageMembership } from './shell/ManageMembership';
import { Banner } from './shell/Banner';
import { Header } from './shell/Header';
import { LandingHeader } from './shell/LandingHeader';
import { profileFailed } from './profile';
import { useLocation } from './useLocation';
import '@messages/portal';

/** What each route shows. Routes not listed here are not built yet and go home. */
const PAGES: Partial<Record<RouteName, (ctx: { available: ReadonlySet<RouteName>; query: Query }) => ReactNode>> = {
  HomePage: ({ available }) => <HomePage available={available} />,
  ChangePasswordUser: () => <sm-login view="change-password-user" />,
  TopUpPage: () => <sm-topup key="topup" view="topup" />,
  CheckoutPage: () => <sm-topup key="checkout" view="checkout" />,
  SuccessPage: () => <sm-topup key="success" view="success" />,
  SubscribePage: () => <sm-subscribe key="subscribe" view="subscribe" />,
  SubscriptionCheckoutPage: () => <sm-subscribe key="checkout" view="checkout" />,
  SubscriptionSuccessPage: () => <sm-subscribe key="success" view="success" />,
  ChangeSubscriptionPage: () => <sm-subscribe key="change" view="change" />,
  ChangeSubscriptionSuccessPage: () => <sm-subscribe key="change-success" view="change-success" />,
  UpdatePaymentPage: () => <sm-subscribe key="update-payment" view="update-payment" />,
  DirectSubscribePage: () => <sm-subscribe key="direct-subscribe" view="direct-subscribe" />,
  UpdatePaymentSuccessPage: () => <UpdatePaymentResult ok />,
  UpdatePaymentFailedPage: () => <UpdatePaymentResult ok={false} />,
  PremiumPage: () => <PremiumPage />,
  TestPage: () => <PremiumPage variant="test" />,
  DonationListsPage: () => <sm-donate key="missions" view="missions" list="all" />,
  DonationsPage: ({ query }) => <sm-donate key={`donate-${query._d ?? ''}`} view="donate" />,
  DonationsSuccessPage: () => <sm-donate key="success" view="success" />,
  DonationPageAnon: ({ query }) => (
    <>
      <sm-donate key={`anon-${query._d ?? ''}`} view="donate" mission={anonymousMission(query)} />
      <sm-donate key="public-missions" view="missions" list="public" />
    </>
  ),
  SurveyPage: () => <sm-survey />,
  MissionsPage: () => <sm-donate key="public" view="missions" list="public" />,
  // Keyed, as the tags above: the pending page goes on to a result in the same place, which is another page.
  ResultPendingPage: () => <Later key="pending" page={ResultPendingPage} />,
  TransactionFailedPage: () => <Later key="failed" page={TransactionFailedPage} />,
  TransactionSuccessPage: () => <Later key="success" page={TransactionSuccessPage} />,
  Signin: () => <sm-login view="login" />,
  Registration: () => <sm-login view="register" />,
  VerifyEmail: () => <sm-login view="verify-email" />,
  ForgotPassword: () => <sm-login view="forgot-password" />,
  ChangePassword: () => <sm-login view="change-password" />,
  SignupSuccess: () => <sm-login view="signup-success" />,
  SendVerification: () => <sm-login view="send-verification" />,
};
const AVAILABLE: ReadonlySet<RouteName> = new Set(Object.keys(PAGES) as RouteName[]);

/**
 * The mission the anonymous donation page gives to: the _d query when it is a mission id as <sm-donate>'s mission
 * attribute reads one (the tag table's form, silently: it is an address, not markup), else the app's.
 */
function anonymousMission(query: Query): string {
  const { value } = parseAttribute('sm-donate', 'mission', tags['sm-donate'].attributes.mission, query._d);
  return value ?? String(APP_DONATION_MISSION_ID);
}

function LandingBanner({ route }: { route: RouteName }) {
  const t = useT();
  if (route !== 'Signin' && route !== 'Registration') return null;
  return (
    <div className="portal-banner">
      <h2>{t('portal.banners.loginOrRegister')}</h2>
    </div>
  );
}

/** The portal has shown a page (not only a redirect's wait): its footer shows from then on (host/main.tsx). */
export const pageShown = signal(false);

/**
 * The portal. `initialHash` stands in for the address when its routes are prerendered (tools/prerender.tsx). Its
 * footer, the same on every route, is a root of its own (host/main.tsx): the page carries its markup once, not in
 * each route's.
 */
export function Portal({ initialHash }: { initialHash?: string }) {
  const t = useT();
  useSignals();
  const { session, account, nav } = useDeps();
  const location = useLocation(initialHash);
  const signedIn = session.isSignedIn.value;
  const decision = decide(location, signedIn, AVAILABLE);

  const redirectKey = decision.kind === 'redirect' ? JSON.stringify(decision) : null;
  useLayoutEffect(() => {
    if (decision.kind !== 'redirect') return;
    if (decision.remember) session.setNextPage(decision.remember);
    nav.go(decision.to.name, decision.to.query, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the decision's content
  }, [redirectKey]);
  const rendering = decision.kind === 'render';
  useLayoutEffect(() => {
    if (rendering) pageShown.value = true;
  }, [rendering]);

  // Keep the profile fresh when the portal opens signed in. Meanwhile the header and the dashboard hold its places
  // (host/profile.ts), and the pages work: no wait in front of them.
  useEffect(() => {
    if (session.isSignedIn.peek()) void account.refreshProfile().then((result) => (profileFailed.value = !result.ok));
  }, [account, session]);

  const paying = decision.kind === 'render' && decision.name in WITHOUT_PAYMENT;
  useEffect(() => {
    if (paying) void loadPaymentPages().catch(() => {});
  }, [paying]);

  useEffect(() => {
    document.title = `${location.path === '/' ? 'Home' : location.path.slice(1).replace(/-/g, ' ')} · Sacred Music`;
  }, [location.path]);

  // The page shown, with its banner and, where it took another page's place (routes.ts keepsBanner), that page's
  // height: nothing under it moves. Set while rendering, as React's docs keep what a previous render showed.
  const [shown, setShown] = useState<{ page: RouteName; banner: BannerGroup; height?: number } | null>(null);
  if (decision.kind === 'redirect') return <Overlay label={t('portal.wait')} />;
  const route = ROUTES[decision.name];
  const before = shown?.banner ?? null;
  const now =
    shown?.page === decision.name
      ? shown
      : {
          page: decision.name,
          banner: route.shell ? bannerOf(decision.name, before) : ('none' as const),
          height: route.shell && takesPlace(decision.name, before) ? mainHeight() : undefined,
        };
  if (now !== shown) setShown(now);
  const page = PAGES[decision.name]?.({ available: AVAILABLE, query: location.query });
  if (route.shell) {
    return (
      <>
        <a
          className="skip-link"
          href="#main"
          onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}
        >
          {t('portal.skipLink')}
        </a>
        <Header />
        <Banner route={decision.name} group={now.banner} available={AVAILABLE} />
        <main
          id="main"
          tabIndex={-1}
          className="portal-main"
          style={now.height ? { minHeight: now.height } : undefined}
        >
          {page}
        </main>
        <ManageMembership route={location.path} />
      </>
    );
  }
  return (
    <>
      {signedIn ? <Header /> : <LandingHeader />}
      <LandingBanner route={decision.name} />
      <main id="main" tabIndex={-1} className="portal-main">
        {page}
      </main>
    </>
  );
}
