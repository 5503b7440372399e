/**
 * The toasts' live region (Radix Toast), loaded with the first toast (`toast.tsx`), which hands it
 * the toasts' store: the store stays in the chunk every page loads, the region in its own.
 */
import { useSyncExternalStore } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { useT } from '../lib/intl';
import type { ToastStore, ToastVariant } from '../lib/toast-store';

const variantClass: Record<ToastVariant, string> = {
  success: 'border-primary-600',
  error: 'border-red-600',
  info: 'border-gray-400',
};

export default function ToastRegion({ toast, duration }: { toast: ToastStore; duration: number }) {
  const t = useT();
  const current = useSyncExternalStore(toast.subscribe, toast.list, toast.list);
  return (
    <RadixToast.Provider duration={duration} swipeDirection="right" label={t('toast.region', { hotkey: 'F8' })}>
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
