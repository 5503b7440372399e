/**
 * Toasts: one API to add, update, remove and clear them from anywhere (`toast.add(…)`), and the
 * region that shows them at the bottom-end — full width on small screens, 24rem otherwise.
 * They close after 5000 ms and pause while hovered or focused (Radix Toast does the timing).
 */
import { useSyncExternalStore } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { useT } from '../lib/intl';

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

const variantClass: Record<ToastVariant, string> = {
  success: 'border-primary-600',
  error: 'border-red-600',
  info: 'border-gray-400',
};

export function Toaster() {
  const t = useT();
  const current = useSyncExternalStore(toast.subscribe, toast.list, toast.list);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label={t('toast.region', { hotkey: 'F8' })}>
      {current.map((item) => (
        <RadixToast.Root
          key={item.id}
          duration={item.duration}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) toast.remove(item.id);
          }}
          className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 bg-white p-3 text-sm shadow-lg ring-1 ring-gray-200 ${variantClass[item.variant]}`}
          data-variant={item.variant}
        >
          <div className="min-w-0 flex-1">
            <RadixToast.Title className="font-medium text-gray-900">{item.title}</RadixToast.Title>
            {item.description && <RadixToast.Description className="mt-0.5 text-gray-600">{item.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close aria-label={t('common.close')} className="rounded px-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800">
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed end-0 bottom-0 z-50 m-0 flex w-full list-none flex-col gap-2 p-3 outline-none sm:w-96" />
    </RadixToast.Provider>
  );
}
