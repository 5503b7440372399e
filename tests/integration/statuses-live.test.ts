/**
 * Statuses live: every change of a section's status — a save, a review sent, commented, decided,
 * marked done, reopened — and the application being locked reach an open page of the application
 * within a second through its one stream (`applications.watch`), when the change is made through
 * another web process. The stream sends the states at once, then only what changed: a save that
 * leaves the status as it was is not news.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStates } from '../../src/server/features/applications/application-watch';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { asAnotherProcess, callerFor, createTestServices, type TestServices } from './harness';

let services: TestServices;
/** The web process the watching page is served by; the changes are made through `services`. */
let watchingProcess: ReturnType<typeof asAnotherProcess>;
let cast: Cast;
let grantId: string;

beforeAll(async () => {
  services = await createTestServices();
  watchingProcess = asAnotherProcess(services);
  cast = await createCast(services);
  const fund = await services.db.insertInto('funds').values({ slug: 'statusfonden', name: 'Statusfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await services.db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: 'status', title: 'Statuspuljen', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  grantId = grant.id;
  await services.db.insertInto('grant_sections').values([{ grant_id: grant.id, position: 0, kind: 'text', title: 'Idé' }]).execute();
});

afterAll(async () => {
  await watchingProcess?.closeProcess();
  await services?.close();
});

async function startApplication() {
  const companyId = await createCompany(services, cast);
  const { id: applicationId } = await cast.callers.employee.applications.create({ companyId, grantId, title: 'Levende statusser', language: 'da' });
  const [section] = (await cast.callers.employee.applications.get({ applicationId })).sections;
  return { applicationId, sectionId: section!.id };
}

/** The employee's open page: the application's stream on the watching process, read as it comes. */
async function openPage(applicationId: string) {
  const leave = new AbortController();
  const caller = await callerFor(watchingProcess, { token: cast.users.employee.token }, {}, leave.signal);
  const stream = (await caller.applications.watch({ applicationId }))[Symbol.asyncIterator]();
  // A read that timed out is still waiting: the next call takes its value rather than skip it.
  let pending: ReturnType<typeof stream.next> | null = null;
  return {
    /** The next states sent, or null when nothing comes within `ms`. */
    async next(ms = 1000): Promise<LiveStates | null> {
      pending ??= stream.next();
      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([pending, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
      clearTimeout(timer);
      if (result === null) return null;
      pending = null;
      return result.done ? null : (result.value as LiveStates);
    },
    close() {
      leave.abort();
      void stream.return?.(undefined);
    },
  };
}

describe('an open page of the application', () => {
  it('sees every change of a section’s status made through another process within a second', async () => {
    const { applicationId, sectionId } = await startApplication();
    const page = await openPage(applicationId);
    const statusOf = (states: LiveStates | null) => states?.sections.find((section) => section.id === sectionId)?.status;
    try {
      const first = await page.next();
      expect(first).toMatchObject({ published: false, sections: [{ id: sectionId, status: 'not_started', draftState: null }] });

      const saved = await cast.callers.employee.applications.saveSection({ applicationId, sectionId, version: first!.sections[0]!.version, content: 'Vores idé', answers: {}, fulfilled: [] });
      // The grant section asks for nothing more than a text: written is validated.
      expect(statusOf(await page.next())).toBe('validated');

      // Typing on leaves the status as it was: nothing is sent.
      await cast.callers.employee.applications.saveSection({ applicationId, sectionId, version: saved.version, content: 'Vores idé, bedre', answers: {}, fulfilled: [] });
      expect(await page.next(700)).toBeNull();

      await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id] });
      const inReview = await page.next();
      expect(statusOf(inReview)).toBe('need_review');

      await cast.callers.reviewer.reviews.comment({ applicationId, sectionId, text: 'Hvad koster det?' });
      expect(statusOf(await page.next())).toBe('commented');

      await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id] });
      const again = await page.next();
      expect(statusOf(again)).toBe('need_review');

      // The version sent with the status is the one a reviewer approves.
      const started = Date.now();
      await cast.callers.reviewer.reviews.approve({ applicationId, sectionId, version: again!.sections[0]!.version });
      const approved = await page.next();
      expect(statusOf(approved)).toBe('approved');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(approved!.sections[0]!.version).toBeGreaterThan(again!.sections[0]!.version);
    } finally {
      page.close();
    }
  });

  it('sees a section marked done and reopened, and a thread comment that moves a section in review', async () => {
    const { applicationId, sectionId } = await startApplication();
    // Written and validated behind the app's back: marking done needs only a text here.
    await services.db.updateTable('application_sections').set({ status: 'validated', content: 'Færdig tekst' }).where('id', '=', sectionId).execute();
    const page = await openPage(applicationId);
    try {
      expect((await page.next())?.sections[0]?.status).toBe('validated');
      await cast.callers.employee.applications.markDone({ applicationId, sectionId });
      expect((await page.next())?.sections[0]?.status).toBe('done');
      await cast.callers.employee.applications.reopen({ applicationId, sectionId });
      expect((await page.next())?.sections[0]?.status).toBe('draft');

      await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id] });
      expect((await page.next())?.sections[0]?.status).toBe('need_review');
      await cast.callers.reviewer.comments.add({ applicationId, sectionId, body: 'Et spørgsmål', mentionIds: [] });
      expect((await page.next())?.sections[0]?.status).toBe('commented');
    } finally {
      page.close();
    }
  });

  it('sees the application locked', async () => {
    const { applicationId, sectionId } = await startApplication();
    await services.db.updateTable('application_sections').set({ status: 'done', content: 'Færdig tekst om idéen' }).where('id', '=', sectionId).execute();
    const page = await openPage(applicationId);
    try {
      expect((await page.next())?.published).toBe(false);
      await cast.callers.owner.reviews.publish({ applicationId });
      expect((await page.next())?.published).toBe(true);
    } finally {
      page.close();
    }
  });
});
