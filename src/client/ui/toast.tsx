/**
 * Where toasts show: the region at the bottom-end — full width on small screens, 24rem otherwise.
 * They close after 5000 ms and pause while hovered or focused (Radix Toast does the timing). They
 * are added, updated and removed from anywhere through `toast` (`lib/toast-store.ts`).
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toast, TOAST_DURATION_MS } from '../lib/toast-store';

// The region and Radix's toast code are downloaded with the first toast: most visits of a public page show none.
const ToastRegion = lazy(() => import('./toast-region'));
let shown = false;
const hasShown = () => (shown ||= toast.list().length > 0);

export function Toaster() {
  const any = useSyncExternalStore(toast.subscribe, hasShown, () => false);
  if (!any) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion toast={toast} duration={TOAST_DURATION_MS} />
    </Suspense>
  );
}
