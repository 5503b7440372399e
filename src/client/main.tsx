import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './app/router';
import { installChunkReloadHandler } from './lib/chunk-reload';
import { loadMessages, LocaleProvider, startLocale } from './lib/intl';
import { queryClient, trpc, trpcClient } from './lib/trpc';
import './styles.css';

installChunkReloadHandler();

function App() {
  return (
    <LocaleProvider>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </LocaleProvider>
  );
}

// The visitor's language is loaded before the first render, so no text shows in another one first.
await loadMessages(startLocale());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
