/**
 * What an application-scoped call needs to know of its caller, kept in memory like the sessions
 * (`session-cache.ts`, decision 0048): the caller's role in a company, and which company an
 * application belongs to. With both known, `applicationAccessProcedure` reaches an application
 * through the caller's membership without a statement of its own.
 *
 * - A role is kept per (user, company), only for a membership that exists: a made-up id never
 *   fills the memory, and someone who just joined is seen at once (nothing says they are not a
 *   member). Every change that ends or changes a membership is announced on the access channel
 *   (`live-access.ts`): a member removed or leaving and a role changed (`{ userId }`), a company
 *   deleted or its owners replaced (`{ companyId }`); each process forgets what it kept of that
 *   user or company when it hears it, so a removed member is refused at once in every process.
 * - An application's company never changes, so that is kept as long as there is room, until the
 *   company is announced (`{ companyId }`: it or one of its applications was deleted, decision 0050);
 *   an application deleted for good is found missing by the statement that reads it.
 *
 * As with the sessions: nothing is kept while the channel is not heard, a role read before an
 * announcement is not kept after it, and a role is kept at most `MEMBERSHIP_CACHE_MS`, the bound
 * for a change nobody announced (an operator's SQL, the worker's retention). That bound holds for
 * reads only: a write reads the membership from the database every time
 * (`trpc/application-procedure.ts`), and one that finds it gone makes this process forget it.
 */
import type { CompanyRole } from '../../shared/domain/company-roles';
import type { AccessChanges } from './access-changes';

export const MEMBERSHIP_CACHE_MS = 10_000;
const MAX_ROLES = 50_000;
const MAX_APPLICATIONS = 100_000;

export interface MembershipCache {
  /** The caller's role in the company, when it is kept and fresh. */
  role(userId: string, companyId: string): CompanyRole | undefined;
  /** The company of an application, when it is known. */
  companyOf(applicationId: string): string | undefined;
  /**
   * A reading to remember when it is done: pass what was read, unless an announcement was heard
   * since `reading()` began (then it may be what changed).
   */
  reading(): (found: { userId: string; companyId: string; role: CompanyRole; applicationId?: string }) => void;
  /** Forgets the caller's kept role in the company: a write found the membership gone. */
  forget(userId: string, companyId: string): void;
}

export function createMembershipCache(access: AccessChanges): MembershipCache {
  // user id → company id → role and until when it may be used.
  const roles = new Map<string, Map<string, { role: CompanyRole; until: number }>>();
  let size = 0;
  const applications = new Map<string, string>();
  let heard = 0;

  const forgetUser = (userId: string) => {
    size -= roles.get(userId)?.size ?? 0;
    roles.delete(userId);
  };
  access.follow((change) => {
    heard += 1;
    if (change === null) {
      roles.clear();
      size = 0;
    } else if ('userId' in change) {
      forgetUser(change.userId);
    } else {
      for (const kept of roles.values()) if (kept.delete(change.companyId)) size -= 1;
      // An application of the company may have been deleted or restored (decision 0050): its next read asks the database.
      for (const [applicationId, companyId] of applications) if (companyId === change.companyId) applications.delete(applicationId);
    }
  });

  return {
    role(userId, companyId) {
      const entry = roles.get(userId)?.get(companyId);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.role;
      roles.get(userId)!.delete(companyId);
      size -= 1;
      return undefined;
    },
    companyOf: (applicationId) => applications.get(applicationId),
    forget(userId, companyId) {
      if (roles.get(userId)?.delete(companyId)) size -= 1;
    },
    reading() {
      const before = heard;
      return ({ userId, companyId, role, applicationId }) => {
        if (applicationId !== undefined && !applications.has(applicationId)) {
          if (applications.size >= MAX_APPLICATIONS) applications.delete(applications.keys().next().value!);
          applications.set(applicationId, companyId);
        }
        if (before !== heard || !access.following()) return;
        if (size >= MAX_ROLES) {
          // The oldest user's roles go first (a Map keeps the order they came in).
          forgetUser(roles.keys().next().value!);
        }
        let kept = roles.get(userId);
        if (!kept) roles.set(userId, (kept = new Map()));
        if (!kept.has(companyId)) size += 1;
        kept.set(companyId, { role, until: Date.now() + MEMBERSHIP_CACHE_MS });
      };
    },
  };
}
