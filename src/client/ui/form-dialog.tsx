/**
 * A dialog holding a small form (Radix Dialog: focus is trapped and returns to the trigger,
 * Escape closes). The form inside decides when to close through `onOpenChange`.
 */
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { useT } from '../lib/intl';

interface FormDialogProps {
  title: string;
  description?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

export function FormDialog({ title, description, open, onOpenChange, children }: FormDialogProps) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl ring-1 ring-gray-200 focus:outline-none"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-base font-semibold text-gray-900">{title}</Dialog.Title>
            <Dialog.Close aria-label={t('common.close')} className="rounded px-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="mt-1 text-sm text-gray-600">{description}</Dialog.Description>}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
