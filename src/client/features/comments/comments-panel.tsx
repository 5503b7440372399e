import { useId, useState } from 'react';
import type { MessageKey } from '../../../shared/i18n';
import { COMMENT_BODY_MAX, COMMENT_QUOTE_MAX } from '../../../shared/schemas/comments';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/form-field';
import { inputClass } from '../../ui/input-class';
import type { CommentAnchors, Passage, PendingAnchor } from './comment-anchors';

type Thread = RouterOutputs['comments']['threads']['threads'][number];
interface Member {
  userId: string;
  name: string;
}

interface CommentsPanelProps {
  application: { id: string; companyId: string; published: boolean };
  sectionId: string;
  mayComment: boolean;
  /** The passages threads are anchored to in the text, and the comment being written on a selection. */
  anchors: CommentAnchors;
}

/**
 * The section's comment threads: quotes (a passage of the text, shown in it), replies, resolve and
 * reopen, and `@name` mentions offered as you type.
 */
export function CommentsPanel({ application, sectionId, mayComment, anchors }: CommentsPanelProps) {
  const t = useT();
  // Newest threads first, a page at a time: a new comment is always on the first page.
  const pages = trpc.comments.threads.useInfiniteQuery({ applicationId: application.id, sectionId }, { getNextPageParam: (page) => page.nextCursor });
  const threads = pages.data ? pages.data.pages.flatMap((page) => page.threads) : null;
  const members = trpc.companies.members.useQuery({ companyId: application.companyId });
  const people: Member[] = (members.data ?? []).map((member) => ({ userId: member.userId, name: `${member.firstname} ${member.lastname}`.trim() || member.email }));
  const writable = mayComment && !application.published;
  return (
    <section aria-labelledby="comments-heading" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="comments-heading" className="text-sm font-semibold text-gray-900">
        {t('reviews.comments.heading')}
      </h2>
      {threads && threads.length === 0 && <p className="text-sm text-gray-600">{t('reviews.comments.empty')}</p>}
      {threads && threads.length > 0 && (
        <ul className="space-y-3">
          {threads.map((thread) => (
            <ThreadView
              key={thread.id}
              thread={thread}
              applicationId={application.id}
              sectionId={sectionId}
              people={people}
              writable={writable}
              passage={anchors.passages.get(thread.id)}
              active={anchors.activeId === thread.id}
              onShowPassage={() => anchors.showThread(thread.id)}
            />
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {t('reviews.comments.older')}
        </Button>
      )}
      {writable && <NewComment key={anchors.pending?.key ?? 0} applicationId={application.id} sectionId={sectionId} people={people} pending={anchors.pending} onClose={anchors.clearPending} />}
    </section>
  );
}

function useInvalidateComments(applicationId: string, sectionId: string) {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.comments.threads.invalidate({ applicationId, sectionId }), utils.comments.openCounts.invalidate({ applicationId })]);
}

function ThreadView({
  thread,
  applicationId,
  sectionId,
  people,
  writable,
  passage,
  active,
  onShowPassage,
}: {
  thread: Thread;
  applicationId: string;
  sectionId: string;
  people: Member[];
  writable: boolean;
  /** Where the thread's passage is in the text now (none for a thread not anchored, resolved, or before the text has arrived). */
  passage: Passage | undefined;
  active: boolean;
  onShowPassage: () => void;
}) {
  const t = useT();
  const invalidate = useInvalidateComments(applicationId, sectionId);
  const resolve = trpc.comments.resolve.useMutation();
  const reply = trpc.comments.reply.useMutation({ meta: { handlesError: true } });
  const [replying, setReplying] = useState(false);
  const resolved = thread.resolvedAt !== null;
  return (
    <li data-thread={thread.id} data-active={active ? '' : undefined} className={`rounded-md p-3 ring-1 ${resolved ? 'bg-gray-50 ring-gray-200' : active ? 'bg-amber-50 ring-amber-400' : 'bg-violet-50/40 ring-violet-200'}`}>
      {passage && passage !== 'removed' ? (
        // The quote is the way to the passage: a click or Enter selects it in the text.
        <button type="button" onClick={onShowPassage} aria-pressed={active} data-show-passage className={`${quoteClass} mb-2 block w-full cursor-pointer rounded-e-sm text-start hover:bg-amber-100/60 focus-visible:outline-2 focus-visible:outline-primary-700`}>
          <span className="sr-only">{t('reviews.comments.showPassage')}: </span>
          {thread.quote}
        </button>
      ) : (
        thread.quote && <blockquote className={`${quoteClass} mb-2`}>{thread.quote}</blockquote>
      )}
      {passage === 'removed' && (
        <p data-passage-removed className="-mt-1 mb-2 text-xs text-gray-600">
          {t('reviews.comments.passageRemoved')}
        </p>
      )}
      <CommentView comment={thread} />
      {thread.replies.length > 0 && (
        <ul className="mt-2 space-y-2 border-s border-gray-200 ps-3">
          {thread.replies.map((item) => (
            <li key={item.id}>
              <CommentView comment={item} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {resolved && <span className="text-xs font-medium text-gray-600">{t('reviews.comments.resolved')}</span>}
        {writable && !resolved && !replying && (
          <Button variant="secondary" onClick={() => setReplying(true)}>
            {t('reviews.comments.reply')}
          </Button>
        )}
        {writable && (
          <Button
            variant="ghost"
            disabled={resolve.isPending}
            onClick={async () => {
              await resolve.mutateAsync({ applicationId, threadId: thread.id, resolved: !resolved });
              await invalidate();
            }}
          >
            {t(resolved ? 'reviews.comments.reopen' : 'reviews.comments.resolve')}
          </Button>
        )}
      </div>
      {replying && (
        <MentionForm
          label={t('reviews.comments.replyLabel')}
          submitLabel={t('reviews.comments.reply')}
          people={people}
          busy={reply.isPending}
          onCancel={() => setReplying(false)}
          onSubmit={async (body, mentionIds) => {
            await reply.mutateAsync({ applicationId, threadId: thread.id, body, mentionIds });
            await invalidate();
            setReplying(false);
          }}
        />
      )}
    </li>
  );
}

function CommentView({ comment }: { comment: Thread['replies'][number] }) {
  const t = useT();
  const formats = useFormats();
  return (
    <div className="text-sm">
      <p className="text-xs text-gray-600">
        <span className="font-medium text-gray-900">{comment.authorName ?? t('reviews.history.formerUser')}</span> ·{' '}
        <time dateTime={new Date(comment.createdAt).toISOString()}>{formats.shortDateTime(comment.createdAt)}</time>
      </p>
      <p className="mt-0.5 whitespace-pre-line break-words text-gray-900">{comment.body}</p>
    </div>
  );
}

function NewComment({
  applicationId,
  sectionId,
  people,
  pending,
  onClose,
}: {
  applicationId: string;
  sectionId: string;
  people: Member[];
  /** The selected words the comment is on, when it was started from the text. */
  pending: PendingAnchor | null;
  onClose: () => void;
}) {
  const t = useT();
  const invalidate = useInvalidateComments(applicationId, sectionId);
  const add = trpc.comments.add.useMutation({ meta: { handlesError: true } });
  const [quote, setQuote] = useState('');
  const [formKey, setFormKey] = useState(0);
  const [open, setOpen] = useState(pending !== null);
  const close = () => {
    setOpen(false);
    onClose();
  };
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('reviews.comments.body')}
      </Button>
    );
  }
  return (
    <div className="space-y-2 border-t border-gray-200 pt-3">
      {pending ? (
        <div>
          <p className="text-sm font-medium text-gray-800">{t('reviews.comments.about')}</p>
          <blockquote data-pending-quote className={`${quoteClass} mt-1`}>
            {pending.quote}
          </blockquote>
        </div>
      ) : (
        <TextField label={t('reviews.comments.quote')} value={quote} maxLength={COMMENT_QUOTE_MAX} onChange={(event) => setQuote(event.target.value)} />
      )}
      <MentionForm
        key={formKey}
        label={t('reviews.comments.body')}
        submitLabel={t('reviews.comments.add')}
        people={people}
        busy={add.isPending}
        autoFocus={pending !== null}
        onSubmit={async (body, mentionIds) => {
          await add.mutateAsync({ applicationId, sectionId, body, quote: pending ? pending.quote : quote.trim() || undefined, anchor: pending?.anchor, mentionIds });
          await invalidate();
          setQuote('');
          setFormKey((key) => key + 1);
          close();
        }}
        onCancel={close}
      />
    </div>
  );
}

/** The `@` word being typed just before the caret, if any. */
function mentionQuery(text: string, caret: number): string | null {
  const match = /(^|\s)@([\p{L}\p{M}'-]*)$/u.exec(text.slice(0, caret));
  return match ? match[2]! : null;
}

/**
 * A comment box offering the company's members while `@name` is typed (arrow keys, Enter or a
 * click choose one). A mention counts if its `@Name` is still in the text when sent.
 */
function MentionForm({
  label,
  submitLabel,
  people,
  busy,
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  people: Member[];
  busy: boolean;
  autoFocus?: boolean;
  onSubmit: (body: string, mentionIds: string[]) => Promise<void>;
  onCancel?: () => void;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [chosen, setChosen] = useState<Member[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<MessageKey | undefined>();
  const query = mentionQuery(text, caret);
  const suggestions = query === null ? [] : people.filter((person) => person.name.toLowerCase().includes(query.toLowerCase())).slice(0, 6);
  const open = suggestions.length > 0;

  function choose(person: Member) {
    const before = text.slice(0, caret).replace(/@[\p{L}\p{M}'-]*$/u, `@${person.name} `);
    const next = before + text.slice(caret);
    setText(next);
    setCaret(before.length);
    setChosen((current) => (current.some((item) => item.userId === person.userId) ? current : [...current, person]));
    setActive(0);
  }

  async function submit() {
    const body = text.trim();
    if (body === '') {
      setError('validation.required');
      return;
    }
    setError(undefined);
    try {
      await onSubmit(
        body,
        chosen.filter((person) => body.includes(`@${person.name}`)).map((person) => person.userId),
      );
    } catch (failure) {
      toast.error(errorMessageOf(failure));
    }
  }

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-body`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <textarea
          id={`${id}-body`}
          rows={3}
          autoFocus={autoFocus}
          maxLength={COMMENT_BODY_MAX}
          value={text}
          className={inputClass}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-suggestions`}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${id}-option-${active}` : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={Boolean(error)}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={(event) => {
            if (!open) return;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
            } else if (event.key === 'Enter' || event.key === 'Tab') {
              event.preventDefault();
              choose(suggestions[active]!);
            } else if (event.key === 'Escape') {
              setCaret(-1);
            }
          }}
        />
        <ul
          id={`${id}-suggestions`}
          role="listbox"
          aria-label={t('reviews.comments.suggestions')}
          className={open ? 'absolute z-10 mt-1 w-full max-w-xs rounded-md bg-white py-1 shadow-lg ring-1 ring-gray-200' : 'hidden'}
        >
          {suggestions.map((person, index) => (
            <li
              key={person.userId}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? 'bg-primary-50 text-primary-900' : 'text-gray-800'}`}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(person);
              }}
            >
              {person.name}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {t('reviews.comments.mentionHint')}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {t(error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('reviews.bar.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

const quoteClass = 'border-s-4 border-violet-300 ps-2 text-sm break-words text-gray-700 italic';
