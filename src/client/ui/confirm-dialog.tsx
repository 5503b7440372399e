/**
 * Asks before something destructive or far-reaching happens (Radix AlertDialog: focus moves to
 * Cancel, Escape cancels, the page behind is inert). `onConfirm` may return a promise: the
 * dialog then stays open, its buttons disabled, until the action has finished. The action shows
 * its own outcome (a toast); a rejected promise only closes the dialog.
 */
import { useState, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { useT } from '../lib/intl';
import { Button } from './button';

interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void | Promise<unknown>;
  /** `danger` for removing or stopping things. */
  variant?: 'primary' | 'danger';
  cancelLabel?: string;
  /** The element that opens the dialog (rendered as is), or control it with `open`/`onOpenChange`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export function ConfirmDialog({ title, description, confirmLabel, onConfirm, variant = 'primary', cancelLabel, trigger, open, onOpenChange }: ConfirmDialogProps) {
  const t = useT();
  const [ownOpen, setOwnOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (pending) return;
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // The action reports its own failure (a toast); the dialog just closes.
    } finally {
      setPending(false);
      setOwnOpen(false);
      onOpenChange?.(false);
    }
  }

  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl ring-1 ring-gray-200 focus:outline-none">
          <AlertDialog.Title className="text-base font-semibold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-gray-700">{description}</div>
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant={variant}
                disabled={pending}
                aria-busy={pending}
                onClick={(event) => {
                  // Closed by `confirm` once the action has finished, not at once.
                  event.preventDefault();
                  void confirm();
                }}
              >
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
