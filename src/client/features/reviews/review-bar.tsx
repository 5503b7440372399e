import { useState } from 'react';
import type { SectionStatus } from '../../../shared/domain/application-sections';
import type { CompanyRole } from '../../../shared/domain/company-roles';
import { availableReviewActions } from '../../../shared/domain/review';
import type { MessageKey } from '../../../shared/i18n';
import { REVIEW_REASON_MAX } from '../../../shared/schemas/reviews';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { appErrorOf, errorMessageOf, trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/form-field';

interface ReviewBarProps {
  application: { id: string; role: CompanyRole; published: boolean };
  sectionId: string;
  status: SectionStatus;
  /** The version of the section on the screen: an approval is for what the reviewer read. */
  version: number;
  /** Saves what the writer typed before the section leaves their hands; false when it could not. */
  beforeSend: () => Promise<boolean>;
  onMoved: (result: { version: number; status: SectionStatus }) => void;
}

/**
 * The section's review: whom it waits for and the latest reason given, and the moves the user's
 * role allows in its status (`availableReviewActions`, the rules the server applies).
 */
export function ReviewBar({ application, sectionId, status, version, beforeSend, onMoved }: ReviewBarProps) {
  const t = useT();
  const utils = trpc.useUtils();
  const review = trpc.reviews.section.useQuery({ applicationId: application.id, sectionId });
  // Approving and rejecting belong to the reviewers the section was sent to, never to the one who asked.
  const actions = availableReviewActions({ status, role: application.role, published: application.published }).filter(
    (action) => (action !== 'approve' && action !== 'reject') || review.data?.mayDecide === true,
  );
  const [writing, setWriting] = useState<'reject' | 'comment' | null>(null);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<MessageKey | undefined>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [chosenError, setChosenError] = useState<MessageKey | undefined>();
  const options = { meta: { handlesError: true } };
  const send = trpc.reviews.sendToReview.useMutation(options);
  const approve = trpc.reviews.approve.useMutation(options);
  const reject = trpc.reviews.reject.useMutation(options);
  const comment = trpc.reviews.comment.useMutation(options);
  const busy = send.isPending || approve.isPending || reject.isPending || comment.isPending;

  async function run(move: () => Promise<{ version: number; status: SectionStatus }>, done: MessageKey) {
    try {
      onMoved(await move());
      setWriting(null);
      setText('');
      toast.success(t(done));
    } catch (error) {
      const data = appErrorOf(error);
      if (data?.fieldErrors?.reviewerIds) setChosenError(data.fieldErrors.reviewerIds as MessageKey);
      else toast.error(errorMessageOf(error));
      // Someone saved since the reviewer read it: show them the text they would be approving.
      if (data?.messageKey === 'reviews.refused.changed') void utils.applications.section.invalidate({ applicationId: application.id, sectionId });
    } finally {
      void utils.reviews.section.invalidate({ applicationId: application.id, sectionId });
      void utils.reviews.history.invalidate({ applicationId: application.id });
    }
  }

  async function onSend() {
    if (chosen.length === 0) {
      setChosenError('reviews.reviewer.invalid');
      return;
    }
    setChosenError(undefined);
    if (!(await beforeSend())) return;
    await run(() => send.mutateAsync({ applicationId: application.id, sectionId, reviewerIds: chosen }), 'reviews.bar.sent');
  }

  async function onWritten() {
    const trimmed = text.trim();
    if (trimmed === '') {
      setTextError('validation.required');
      return;
    }
    setTextError(undefined);
    const input = { applicationId: application.id, sectionId };
    if (writing === 'reject') await run(() => reject.mutateAsync({ ...input, reason: trimmed }), 'reviews.bar.rejected');
    else await run(() => comment.mutateAsync({ ...input, text: trimmed }), 'reviews.bar.commented');
  }

  const data = review.data;
  const waiting = status === 'need_review' && data && data.reviewers.length > 0;
  const latest = (status === 'commented' || status === 'not_approved') && data?.latest ? data.latest : null;
  if (actions.length === 0 && !waiting && !latest) return null;

  return (
    <section aria-labelledby="review-heading" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="review-heading" className="text-sm font-semibold text-gray-900">
        {t('reviews.bar.heading')}
      </h2>
      {waiting && <p className="text-sm text-gray-700">{t('reviews.bar.waitingFor', { names: data.reviewers.map((reviewer) => reviewer.name).join(', ') })}</p>}
      {latest && (
        <p className="rounded-md bg-violet-50 p-3 text-sm whitespace-pre-line break-words text-violet-950 ring-1 ring-violet-200">
          {t('reviews.bar.latest', { actor: latest.actorName || t('reviews.history.formerUser'), reason: latest.reason ?? '' })}
        </p>
      )}

      {actions.includes('sendToReview') && data && (
        <fieldset className="space-y-2" aria-describedby={chosenError ? 'reviewers-error' : undefined}>
          <legend className="text-sm text-gray-800">{t('reviews.bar.reviewers')}</legend>
          {data.candidates.length === 0 ? (
            <p className="text-sm text-gray-600">{t('reviews.bar.noReviewers')}</p>
          ) : (
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {data.candidates.map((candidate) => (
                <li key={candidate.userId}>
                  <label className="flex items-center gap-2 text-sm text-gray-800">
                    <input
                      type="checkbox"
                      className="h-4 w-4 rounded border-gray-300 text-primary-700"
                      checked={chosen.includes(candidate.userId)}
                      onChange={(event) => setChosen((current) => (event.target.checked ? [...current, candidate.userId] : current.filter((id) => id !== candidate.userId)))}
                    />
                    {candidate.name}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {chosenError && (
            <p id="reviewers-error" role="alert" className="text-xs text-red-700">
              {t(chosenError)}
            </p>
          )}
          <Button onClick={() => void onSend()} disabled={busy || data.candidates.length === 0}>
            {t('reviews.bar.send')}
          </Button>
        </fieldset>
      )}

      {(actions.includes('approve') || actions.includes('comment')) && writing === null && (
        <div className="flex flex-wrap gap-2">
          {actions.includes('approve') && (
            <Button onClick={() => void run(() => approve.mutateAsync({ applicationId: application.id, sectionId, version }), 'reviews.bar.approved')} disabled={busy}>
              {t('reviews.bar.approve')}
            </Button>
          )}
          {actions.includes('comment') && (
            <Button variant="secondary" onClick={() => setWriting('comment')} disabled={busy}>
              {t('reviews.bar.comment')}
            </Button>
          )}
          {actions.includes('reject') && (
            <Button variant="secondary" className="text-red-700" onClick={() => setWriting('reject')} disabled={busy}>
              {t('reviews.bar.reject')}
            </Button>
          )}
        </div>
      )}
      {writing && (
        <form
          noValidate
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void onWritten();
          }}
        >
          <TextAreaField
            label={t(writing === 'reject' ? 'reviews.bar.reason' : 'reviews.bar.commentText')}
            rows={4}
            maxLength={REVIEW_REASON_MAX}
            value={text}
            error={textError}
            onChange={(event) => setText(event.target.value)}
            autoFocus
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {t('reviews.bar.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setWriting(null)}>
              {t('reviews.bar.cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
