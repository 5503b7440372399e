import { describe, expect, it } from 'vitest';
import { sectionStatuses } from '../../src/shared/domain/application-sections';
import { companyRoles } from '../../src/shared/domain/company-roles';
import { availableReviewActions, mayPublish, reviewTransition } from '../../src/shared/domain/review';

describe('review transitions', () => {
  it('send to review: editors, from draft, validated, commented and not approved', () => {
    for (const status of sectionStatuses) {
      const outcome = reviewTransition('sendToReview', { status, role: 'employee', published: false });
      expect(outcome.ok, status).toBe(['draft', 'validated', 'commented', 'not_approved'].includes(status));
    }
    expect(reviewTransition('sendToReview', { status: 'draft', role: 'reviewer', published: false })).toEqual({ ok: false, code: 'FORBIDDEN', reason: 'reviews.refused.role' });
  });

  it('approve, reject and comment: reviewers, admins and owners, only in review', () => {
    for (const action of ['approve', 'reject', 'comment'] as const) {
      for (const role of companyRoles) {
        const outcome = reviewTransition(action, { status: 'need_review', role, published: false });
        expect(outcome.ok, `${action} by ${role}`).toBe(role !== 'employee');
      }
      expect(reviewTransition(action, { status: 'approved', role: 'reviewer', published: false })).toEqual({ ok: false, code: 'CONFLICT', reason: `reviews.refused.${action}` });
    }
    expect(reviewTransition('approve', { status: 'need_review', role: 'reviewer', published: false })).toEqual({ ok: true, to: 'approved' });
    expect(reviewTransition('reject', { status: 'need_review', role: 'reviewer', published: false })).toEqual({ ok: true, to: 'not_approved' });
    expect(reviewTransition('comment', { status: 'need_review', role: 'reviewer', published: false })).toEqual({ ok: true, to: 'commented' });
  });

  it('nothing moves in a published application', () => {
    expect(availableReviewActions({ status: 'need_review', role: 'owner', published: true })).toEqual([]);
    expect(availableReviewActions({ status: 'need_review', role: 'owner', published: false })).toEqual(['comment', 'approve', 'reject']);
  });

  it('publishing needs the right role and every section done', () => {
    const done = [{ status: 'done' as const }, { status: 'done' as const }];
    expect(mayPublish({ role: 'admin', published: false, sections: done })).toBe(true);
    expect(mayPublish({ role: 'employee', published: false, sections: done })).toBe(false);
    expect(mayPublish({ role: 'owner', published: false, sections: [...done, { status: 'approved' }] })).toBe(false);
    expect(mayPublish({ role: 'owner', published: true, sections: done })).toBe(false);
    expect(mayPublish({ role: 'owner', published: false, sections: [] })).toBe(false);
  });
});
