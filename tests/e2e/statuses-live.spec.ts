/**
 * Statuses live: a reviewer approves a section in another browser, served by the other web
 * process; within a second the writer's open section shows it approved (its badge, and a review
 * bar no longer waiting), and so does the owner's open overview — nobody reloads.
 */
import { createDb } from '../../src/server/db/db';
import { createTeamWithApplication, e2eState, expect, signInAs, test } from './fixtures';

const secondProcess = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** A writer, a reviewer and an owner; the first section written and sent by the writer to the reviewer. */
async function teamWithSectionInReview() {
  const team = await createTeamWithApplication(
    [
      { firstname: 'Wilma', lastname: 'Skribent', role: 'employee' },
      { firstname: 'Rita', lastname: 'Revisor', role: 'reviewer' },
      { firstname: 'Olga', lastname: 'Ejer', role: 'owner' },
    ],
    { companyName: 'Levende', title: 'Solcellen', description: 'Vi udvikler en solcelle.' },
  );
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow();
    const [writer, reviewer] = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', team.emails.slice(0, 2)).execute().then((rows) => team.emails.slice(0, 2).map((email) => rows.find((row) => row.email === email)!));
    await db.updateTable('application_sections').set({ status: 'need_review', content: 'Solcellen giver dobbelt så meget strøm.' }).where('id', '=', section.id).execute();
    await db.insertInto('section_reviewers').values({ section_id: section.id, user_id: reviewer!.id, requested_by: writer!.id }).execute();
    return { writer: team.emails[0]!, reviewer: team.emails[1]!, owner: team.emails[2]!, applicationId: team.applicationId, sectionId: section.id };
  } finally {
    await db.destroy();
  }
}

test('a colleague’s approval shows on the writer’s open section and the owner’s open overview within a second', async ({ browser, page }) => {
  const team = await teamWithSectionInReview();

  // The writer has the section open, waiting for the review.
  await signInAs(page, team.writer);
  await page.goto(`/applications/${team.applicationId}/${team.sectionId}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Projektresumé' });
  const badge = heading.locator('xpath=following-sibling::span[1]');
  await expect(badge).toHaveText('Til gennemsyn');
  await expect(page.getByText('Venter på gennemsyn fra Rita Revisor')).toBeVisible();

  // The owner has the overview open (a browser of their own).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAs(owner, team.owner);
  await owner.goto(`/applications/${team.applicationId}`);
  const summaryInList = owner.getByRole('navigation').getByRole('listitem').filter({ hasText: 'Projektresumé' });
  await expect(summaryInList.getByText('Til gennemsyn')).toBeVisible();

  // The reviewer approves in another browser, on the other web process.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signInAs(reviewer, team.reviewer, secondProcess);
  await reviewer.goto(`${secondProcess}/applications/${team.applicationId}/${team.sectionId}`);
  await reviewer.getByRole('button', { name: 'Godkend', exact: true }).click();
  await expect(reviewer.getByText('Afsnittet er godkendt').first()).toBeVisible();

  // Within a second of the approval, without a reload.
  await expect(badge).toHaveText('Godkendt', { timeout: 1000 });
  await expect(summaryInList.getByText('Godkendt')).toBeVisible({ timeout: 1000 });
  await expect(page.getByText('Venter på gennemsyn fra Rita Revisor')).toHaveCount(0);

  await ownerContext.close();
  await reviewerContext.close();
});
