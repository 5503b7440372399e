/**
 * The review and locking transitions (docs/architecture.md, section statuses), with the role each
 * needs (roles there). Pure, shared by the section editor (which offers only what would be
 * accepted) and the server (the truth). Saves and mark done/reopen are in application-sections.ts.
 */
import { textLeftovers, type SectionStatus } from './application-sections';
import { may, type CompanyAction, type CompanyRole } from './company-roles';

export const reviewActions = ['sendToReview', 'comment', 'approve', 'reject'] as const;
export type ReviewAction = (typeof reviewActions)[number];

interface ReviewTransition {
  from: readonly SectionStatus[];
  to: SectionStatus;
  /** The role right the action needs. */
  right: CompanyAction;
}

const transitions: Record<ReviewAction, ReviewTransition> = {
  sendToReview: { from: ['draft', 'validated', 'commented', 'not_approved'], to: 'need_review', right: 'applications.edit' },
  comment: { from: ['need_review'], to: 'commented', right: 'review' },
  approve: { from: ['need_review'], to: 'approved', right: 'review' },
  reject: { from: ['need_review'], to: 'not_approved', right: 'review' },
};

/** Why a transition is refused, as a catalog key; the status it leads to otherwise. */
export type TransitionOutcome =
  | { ok: true; to: SectionStatus }
  | { ok: false; code: 'FORBIDDEN' | 'CONFLICT'; reason: 'reviews.refused.role' | 'reviews.refused.published' | `reviews.refused.${ReviewAction}` };

export function reviewTransition(action: ReviewAction, context: { status: SectionStatus; role: CompanyRole; published: boolean }): TransitionOutcome {
  const transition = transitions[action];
  if (!may(context.role, transition.right)) return { ok: false, code: 'FORBIDDEN', reason: 'reviews.refused.role' };
  if (context.published) return { ok: false, code: 'CONFLICT', reason: 'reviews.refused.published' };
  if (!transition.from.includes(context.status)) return { ok: false, code: 'CONFLICT', reason: `reviews.refused.${action}` };
  return { ok: true, to: transition.to };
}

/** The actions the user could take on a section now: what the editor offers. */
export function availableReviewActions(context: { status: SectionStatus; role: CompanyRole; published: boolean }): ReviewAction[] {
  return reviewActions.filter((action) => reviewTransition(action, context).ok);
}

/**
 * Sections that keep the application from being published: not done, or done while the text still
 * holds what nobody has written (marked done before that rule, or by a rule since changed).
 */
export function sectionsBlockingPublish<T extends { status: SectionStatus; content?: string; drafts?: readonly string[] }>(sections: readonly T[]): T[] {
  return sections.filter((section) => section.status !== 'done' || (section.content !== undefined && textLeftovers(section.content, section.drafts).length > 0));
}

export function mayPublish(context: { role: CompanyRole; published: boolean; sections: ReadonlyArray<{ status: SectionStatus; content?: string; drafts?: readonly string[] }> }): boolean {
  return may(context.role, 'publish') && !context.published && context.sections.length > 0 && sectionsBlockingPublish(context.sections).length === 0;
}
