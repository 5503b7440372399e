/**
 * The layouts of the route table: public, default, onboarding, public-clean, user, admin and
 * none. Each wraps the routed screen (`<Outlet />`).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { getAuthToken } from '../lib/auth-token';
import { useT } from '../lib/intl';
import { trpc } from '../lib/trpc';
import { BetaNotice } from '../ui/beta-notice';
import { buttonClass } from '../ui/button';
import { LanguageSwitcher } from '../ui/language-switcher';
import { ServerErrorPage } from './error-pages';

function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
      {t('app.skipToContent')}
    </a>
  );
}

function Logo() {
  const t = useT();
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold text-gray-900">
      <img src="/favicon.svg" alt="" className="size-6" />
      {/* On a phone the mark alone leaves room for the language and sign-in controls. */}
      <span className="sr-only sm:not-sr-only">{t('app.name')}</span>
    </Link>
  );
}

const navLink = 'rounded-md px-2.5 py-1.5 text-sm text-gray-700 hover:bg-gray-100 hover:text-gray-900';
const activeNav = { className: 'bg-gray-100 font-medium text-gray-900' };

function Header({ nav, end }: { nav?: ReactNode; end?: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-3 sm:gap-4 sm:px-4">
        <Logo />
        {nav && (
          <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
            {nav}
          </nav>
        )}
        <div className="ms-auto flex items-center gap-1.5 sm:gap-2">
          <LanguageSwitcher />
          {end}
          {nav && (
            <button
              type="button"
              className="rounded-md p-1.5 text-gray-700 hover:bg-gray-100 md:hidden"
              aria-expanded={open}
              aria-controls="mobile-nav"
              aria-label={t('nav.openMenu')}
              onClick={() => setOpen((value) => !value)}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
              </svg>
            </button>
          )}
        </div>
      </div>
      {nav && open && (
        <nav id="mobile-nav" aria-label={t('nav.main')} className="flex flex-col gap-1 border-t border-gray-200 px-4 py-2 md:hidden" onClick={() => setOpen(false)}>
          {nav}
        </nav>
      )}
    </header>
  );
}

function Footer() {
  const t = useT();
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

function PublicNav() {
  const t = useT();
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

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {children}
    </div>
  );
}

export function PublicLayout() {
  return (
    <Shell>
      <Header nav={<PublicNav />} end={<UserMenu />} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </Shell>
  );
}

export function DefaultLayout() {
  return (
    <Shell>
      <Header end={<UserMenu />} />
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
      <BetaNotice />
      <header className="mx-auto flex w-full max-w-2xl items-center justify-between px-4 py-4">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 pb-12">
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <Outlet />
        </div>
      </main>
    </Shell>
  );
}

/** Embeddable in other sites: the screen alone, no navigation. */
export function PublicCleanLayout() {
  return (
    <main id="main" className="min-h-dvh bg-white">
      <Outlet />
    </main>
  );
}

export function UserLayout() {
  const t = useT();
  return (
    <Shell>
      <BetaNotice />
      <Header
        nav={
          <>
            <Link to="/applications" className={navLink} activeProps={activeNav}>
              {t('nav.applications')}
            </Link>
            <Link to="/companies" className={navLink} activeProps={activeNav}>
              {t('nav.companies')}
            </Link>
            <Link to="/grants" className={navLink} activeProps={activeNav}>
              {t('nav.grants')}
            </Link>
          </>
        }
        end={<UserMenu />}
      />
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
      <BetaNotice />
      <Header
        nav={
          <>
            <Link to="/admin/funds" className={navLink} activeProps={activeNav}>
              {t('nav.adminFunds')}
            </Link>
            <Link to="/admin/companies" className={navLink} activeProps={activeNav}>
              {t('nav.adminCompanies')}
            </Link>
            <Link to="/admin/jobs" className={navLink} activeProps={activeNav}>
              {t('nav.adminJobs')}
            </Link>
          </>
        }
        end={<UserMenu />}
      />
      <main id="main" className="flex-1">
        {me.isPending ? (
          <p className="p-8 text-sm text-gray-600" role="status">
            {t('common.loading')}
          </p>
        ) : me.data?.platformRole === 'admin' ? (
          <Outlet />
        ) : me.isError ? (
          <ServerErrorPage />
        ) : (
          <p className="mx-auto max-w-xl p-8 text-center text-gray-700" role="alert">
            {t('error.forbidden')}
          </p>
        )}
      </main>
    </Shell>
  );
}

/** Screens with no stated layout (login, sign-up, profile…): the page with a light header. */
export function BareLayout() {
  return (
    <Shell>
      <Header end={getAuthToken() ? <UserMenu /> : null} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </Shell>
  );
}
