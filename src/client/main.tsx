import { startTransition, StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './app/router';
import { installChunkReloadHandler } from './lib/chunk-reload';
import { loadMessages, LocaleProvider, startLocale, useLocale } from './lib/intl';
import type { Locale } from '../shared/i18n/locales';
import { queryClient, trpc, trpcClient } from './lib/trpc';
import './styles.css';

installChunkReloadHandler();

/**
 * The catalogue's own texts come from the server in the language the request names (`x-locale`),
 * so a change of language fetches what is shown again.
 */
function RefetchOnLocaleChange() {
  const { locale } = useLocale();
  const shown = useRef(locale);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    void queryClient.invalidateQueries();
  }, [locale]);
  return null;
}

function App({ locale }: { locale: Locale }) {
  return (
    <LocaleProvider initial={locale}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RefetchOnLocaleChange />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </LocaleProvider>
  );
}

// The visitor's language is loaded before the first render, so no text shows in another one first:
// on a public catalogue page the part it shows, on any other screen all of it.
const [, , firstScreen] = router.getMatchedRoutes(window.location.pathname);
// Read once: another tab may choose a language while this one loads.
const firstLocale = startLocale();
await loadMessages(firstLocale, { complete: !firstScreen?.options.staticData?.catalogue });

const root = document.getElementById('root')!;
// A public page arrives with its text written in by the server: the browser paints that first,
// before the app takes over (a hidden tab, which draws no frames, waits at most 100 ms).
if (root.childElementCount > 0) {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), resolve()), 0));
  });
}

// As a transition, React draws the app in slices of a few milliseconds and lets the browser
// answer between them; drawn at once it held the main thread for one long task on a phone, which is
// what Lighthouse's Total Blocking Time counted. The server's text stays on screen until it is done.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App locale={firstLocale} />
    </StrictMode>,
  ),
);
