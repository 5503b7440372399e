import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';

/**
 * Under the header for a signed-in user whose e-mail address is not verified: what waits for it,
 * and a way to have the link sent again (limited on the server; a refusal is told as a toast).
 */
export default function VerifyEmailNotice({ email }: { email: string }) {
  const t = useT();
  return (
    <div role="note" aria-label={t('route.verify-email')} className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 flex-1 basis-72">{t('auth.verify.notice', { email })}</p>
        <ResendVerification email={email} />
      </div>
    </div>
  );
}

/** Sends another verification link, whose page comes back to where the person is now. */
export function ResendVerification({ email }: { email: string }) {
  const t = useT();
  const router = useRouter();
  const [sent, setSent] = useState(false);
  const resend = trpc.auth.resendVerification.useMutation({ onSuccess: () => setSent(true) });
  if (sent) {
    return (
      <p role="status" className="font-medium">
        {t('auth.verify.resent', { email })}
      </p>
    );
  }
  return (
    <button
      type="button"
      className="shrink-0 rounded-md border border-amber-300 bg-white px-3 py-1.5 font-medium text-amber-950 hover:bg-amber-100 disabled:opacity-60"
      disabled={resend.isPending}
      onClick={() => {
        const { pathname, searchStr } = router.state.location;
        resend.mutate({ redirect: pathname + searchStr });
      }}
    >
      {t('auth.verify.resend')}
    </button>
  );
}
