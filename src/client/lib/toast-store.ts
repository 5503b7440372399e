/**
 * The toasts shown now, and one API to add, update, remove and clear them from anywhere
 * (`toast.add(…)`): the query client's failures too (`trpc.ts`), which is why the store stands
 * here, below the components. The region that shows them (`ui/toast-region.tsx`) reads them from here.
 */
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

export type ToastStore = typeof toast;
