/**
 * Toasts: one API to add, update, remove and clear them from anywhere (`toast.add(…)`), and the
 * region that shows them at the bottom-end — full width on small screens, 24rem otherwise.
 * They close after 5000 ms and pause while hovered or focused (Radix Toast does the timing).
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'success' | 'error' | 'info';
export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}
export type ToastInput = Partial<Omit<ToastItem, 'id' | 'open'>> & { title: string };

let items: ToastItem[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export const toast = {
  add(input: ToastInput): string {
    // The same message twice at once tells the user nothing more (a screen and the shared error handler may both report a failure).
    const same = items.find((item) => item.open && item.title === input.title && item.variant === (input.variant ?? 'info'));
    if (same) return same.id;
    counter += 1;
    const id = `toast-${counter}`;
    emit([...items, { id, variant: 'info', duration: TOAST_DURATION_MS, open: true, ...input }]);
    return id;
  },
  update(id: string, patch: Partial<ToastInput>): void {
    emit(items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  },
  remove(id: string): void {
    emit(items.filter((item) => item.id !== id));
  },
  clear(): void {
    emit([]);
  },
  success: (title: string, description?: string) => toast.add({ title, description, variant: 'success' }),
  error: (title: string, description?: string) => toast.add({ title, description, variant: 'error' }),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  list: () => items,
};

// The region and Radix's toast code are downloaded with the first toast: most visits of a public page show none.
const ToastRegion = lazy(() => import('./toast-region'));
let shown = false;
const hasShown = () => (shown ||= items.length > 0);

export function Toaster() {
  const any = useSyncExternalStore(toast.subscribe, hasShown, () => false);
  if (!any) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
