import { useEffect } from 'react';
import { useT } from '../lib/intl';

/** Sets the document title (`{title} · Grantwork`) for the screen that renders it. */
export function usePageTitle(title: string | null) {
  const t = useT();
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);
}

/** Marks an error screen as not to be indexed or previewed. */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
