/**
 * The layouts of the route table: public, default, onboarding, public-clean, user, admin and
 * none. Each wraps the routed screen (`<Outlet />`) under the one `Header` and its `MainNav`, so
 * no signed-in page lacks the way to applications, companies, invitations and profile.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useIsFetching } from '@tanstack/react-query';
import { getAuthToken } from '../lib/auth-token';
import { useT } from '../lib/intl';
import { trpc } from '../lib/trpc';
import { buttonClass } from '../ui/button';
import { LanguageSwitcher } from '../ui/language-switcher';
import { QueryState } from '../ui/query-view';

function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
      {t('app.skipToContent')}
    </a>
  );
}

function Logo({ long = false }: { long?: boolean }) {
  const t = useT();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold text-gray-900">
      <img src="/favicon.svg" alt="" className="size-6" />
      {/* On a phone the mark alone leaves room for the language and sign-in controls, and so it
          does beside a long menu until the screen is wide enough for both. */}
      <span className={long ? 'sr-only 2xl:not-sr-only' : 'sr-only sm:not-sr-only'}>{t('app.name')}</span>
    </Link>
  );
}

const navLink = 'rounded-md px-2 py-1.5 text-sm whitespace-nowrap text-gray-700 hover:bg-gray-100 hover:text-gray-900';
const activeNav = { className: 'bg-gray-100 font-medium text-gray-900' };

/**
 * The one header of every layout: logo, the main navigation (what the visitor may open from
 * here), the language and the account. Below `lg` (`xl` for an admin's longer menu) the
 * navigation folds behind a menu button.
 */
function Header({ account = true }: { account?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const me = trpc.auth.me.useQuery(undefined, { enabled: getAuthToken() !== null });
  // An admin's menu has nine links: it stays folded up to `xl`, where they fit on one line beside
  // the logo's mark (its name shows from `2xl`).
  const admin = me.data?.platformRole === 'admin';
  const showsFrom = admin ? 'xl:flex' : 'lg:flex';
  const foldsFrom = admin ? 'xl:hidden' : 'lg:hidden';
  const unverifiedEmail = me.data && !me.data.emailVerified ? me.data.email : null;
  return (
    <>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-3 sm:gap-4 sm:px-4">
          <Logo long={admin} />
          <nav aria-label={t('nav.main')} className={`hidden items-center gap-1 ${showsFrom}`}>
            <MainNav />
          </nav>
          <div className="ms-auto flex items-center gap-1.5 sm:gap-2">
            <LanguageSwitcher />
            {account && <UserMenu />}
            <button
              type="button"
              className={`rounded-md p-1.5 text-gray-700 hover:bg-gray-100 ${foldsFrom}`}
              aria-expanded={open}
              aria-controls="mobile-nav"
              aria-label={t('nav.openMenu')}
              onClick={() => setOpen((value) => !value)}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
              </svg>
            </button>
          </div>
        </div>
        {open && (
          <nav id="mobile-nav" aria-label={t('nav.main')} className={`flex flex-col gap-1 border-t border-gray-200 px-4 py-2 ${foldsFrom}`} onClick={() => setOpen(false)}>
            <MainNav />
          </nav>
        )}
      </header>
      {unverifiedEmail && (
        <Suspense fallback={null}>
          <VerifyEmailNotice email={unverifiedEmail} />
        </Suspense>
      )}
    </>
  );
}

/** Whether the first page has been drawn with its data (it stays true while later pages load). */
function useFirstPageDrawn(): boolean {
  const routing = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  const fetching = useIsFetching() > 0;
  const loading = routing || fetching;
  const [drawn, setDrawn] = useState(!loading);
  useEffect(() => {
    if (!loading) setDrawn(true);
  }, [loading]);
  return drawn;
}

function Footer() {
  const t = useT();
  // Drawn beside a page still loading, the footer would sit at the bottom of the screen and jump
  // away when the page arrives: a layout shift a visitor sees (and Lighthouse counts).
  if (!useFirstPageDrawn()) return null;
  return (
    <footer className="mt-auto border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-6 text-sm text-gray-600">
        <span>© {new Date().getFullYear()} {t('app.name')}</span>
        <Link to="/legal/privacy-policy" className="hover:text-gray-900">
          {t('route.legal-privacy-policy')}
        </Link>
      </div>
    </footer>
  );
}

// The signed-in menu (Radix's dropdown and its positioning) is downloaded only by signed-in users.
const SignedInMenu = lazy(() => import('./user-menu'));
// Only an account whose address is not verified yet downloads its notice.
const VerifyEmailNotice = lazy(() => import('../features/auth/verify-email-notice'));

function UserMenu() {
  const t = useT();
  if (!getAuthToken()) {
    return (
      <>
        <Link to="/login" className={buttonClass('ghost')}>
          {t('nav.login')}
        </Link>
        <Link to="/signup" className={buttonClass('primary')}>
          {t('nav.signup')}
        </Link>
      </>
    );
  }
  return (
    <Suspense fallback={<span className="inline-block size-8 rounded-full bg-gray-200" aria-hidden="true" />}>
      <SignedInMenu />
    </Suspense>
  );
}

/**
 * The main navigation, the same in every layout: a visitor gets grants and funds; a signed-in
 * user their applications, companies, invitations (with how many wait), grants and profile; a
 * platform admin also funds and grants administration, all companies and the job queues.
 */
function MainNav() {
  const t = useT();
  const signedIn = getAuthToken() !== null;
  const me = trpc.auth.me.useQuery(undefined, { enabled: signedIn });
  const invitations = trpc.invitations.mine.useQuery(undefined, { enabled: signedIn });
  if (!signedIn) {
    return (
      <>
        <Link to="/grants" className={navLink} activeProps={activeNav}>
          {t('nav.grants')}
        </Link>
        <Link to="/funds" className={navLink} activeProps={activeNav}>
          {t('nav.funds')}
        </Link>
      </>
    );
  }
  const waiting = invitations.data?.length ?? 0;
  return (
    <>
      <Link to="/applications" className={navLink} activeProps={activeNav}>
        {t('nav.applications')}
      </Link>
      <Link to="/companies" className={navLink} activeProps={activeNav}>
        {t('nav.companies')}
      </Link>
      <Link to="/invitations" className={navLink} activeProps={activeNav}>
        {t('nav.invitations')}
        {waiting > 0 && (
          <>
            {' '}
            <span aria-hidden="true" className="ms-1 inline-flex min-w-5 justify-center rounded-full bg-primary-700 px-1.5 text-xs font-semibold text-white">
              {waiting}
            </span>
            <span className="sr-only">{t('nav.invitationsWaiting', { count: waiting })}</span>
          </>
        )}
      </Link>
      <Link to="/grants" className={navLink} activeProps={activeNav}>
        {t('nav.grants')}
      </Link>
      <Link to="/profile" className={navLink} activeProps={activeNav}>
        {t('nav.profile')}
      </Link>
      {me.data?.platformRole === 'admin' && (
        <>
          <Link to="/admin/funds" className={navLink} activeProps={activeNav}>
            {t('nav.adminFunds')}
          </Link>
          {/* Beside the user's own "Companies", the admin's list of every company needs another name. */}
          <Link to="/admin/companies" className={navLink} activeProps={activeNav}>
            {t('nav.allCompanies')}
          </Link>
          <Link to="/admin/jobs" className={navLink} activeProps={activeNav}>
            {t('nav.adminJobs')}
          </Link>
          <Link to="/admin/feedback" className={navLink} activeProps={activeNav}>
            {t('nav.adminFeedback')}
          </Link>
        </>
      )}
    </>
  );
}

// The beta notice is for signed-in users, who alone download it: with the app's own code, before
// any screen is drawn. Once here it is handed to `lazy` as a thenable that answers at once, so it
// draws with the first frame of the layout instead of a moment later, pushing the page down.
type BetaNoticeModule = { default: ComponentType };
let betaNotice: BetaNoticeModule | undefined;
const importBetaNotice = (): Promise<BetaNoticeModule> => import('../ui/beta-notice').then((module) => (betaNotice = module));
if (getAuthToken()) void importBetaNotice();
const BetaNotice = lazy(() => (betaNotice ? ({ then: (answer: (module: BetaNoticeModule) => void) => answer(betaNotice!) } as Promise<BetaNoticeModule>) : importBetaNotice()));

/**
 * What every screen stands in, whatever its layout (the root's 404 and error screens too): the
 * skip link and, for a signed-in user, the beta notice — here once, so no screen can lack it.
 */
export function Shell({ children, className = '' }: { children: ReactNode; className?: string }) {
  // Drawn again on every navigation: signing in or out always moves to another page.
  useRouterState({ select: (state) => state.location.href });
  return (
    <div className={`flex min-h-dvh flex-col ${className}`}>
      <SkipLink />
      {getAuthToken() && (
        <Suspense fallback={null}>
          <BetaNotice />
        </Suspense>
      )}
      {children}
    </div>
  );
}


/** The public catalogue's and the default layout: the page under the header, above the footer. */
export function DefaultLayout() {
  return (
    <Shell>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </Shell>
  );
}

export function OnboardingLayout() {
  return (
    <Shell>
      <Header />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-8">
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <Outlet />
        </div>
      </main>
    </Shell>
  );
}

/**
 * Embeddable in other sites: the screen with a quiet bar — the logo home and the language — but
 * not the full menu, so an embedded test stays about the test and still never leaves its reader
 * without a way back.
 */
export function PublicCleanLayout() {
  return (
    <Shell className="bg-white">
      <header className="border-b border-gray-200">
        <div className="mx-auto flex h-14 max-w-2xl items-center gap-3 px-4">
          <Logo />
          <div className="ms-auto">
            <LanguageSwitcher />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </Shell>
  );
}

export function UserLayout() {
  return (
    <Shell>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </Shell>
  );
}

export function AdminLayout() {
  const t = useT();
  const me = trpc.auth.me.useQuery();
  return (
    <Shell>
      <Header />
      <main id="main" className="flex-1">
        {me.status !== 'success' ? (
          <QueryState query={me} className="m-8" />
        ) : me.data?.platformRole === 'admin' ? (
          <Outlet />
        ) : (
          <p className="mx-auto max-w-xl p-8 text-center text-gray-700" role="alert">
            {t('error.forbidden')}
          </p>
        )}
      </main>
    </Shell>
  );
}

/** Screens with no stated layout (login, sign-up, profile…): the page under the same header. */
export function BareLayout() {
  return (
    <Shell>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </Shell>
  );
}
