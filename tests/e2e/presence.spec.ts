/**
 * Presence: two people of one company in two browsers. Åse opens a section; Bent, on the
 * application's overview, sees her initials on that section in the list without reloading; when
 * she leaves, they disappear. When both are in one section, each sees the other beside its title.
 */
import { createDb } from '../../src/server/db/db';
import { createTeamWithApplication, e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

async function createTeam() {
  const team = await createTeamWithApplication(
    [
      { firstname: 'Bent', lastname: 'Berg', role: 'owner' },
      { firstname: 'Åse', lastname: 'Ørsted', role: 'employee' },
    ],
    { companyName: 'Nærvær', title: 'Fælles skrivning', description: 'Vi skriver sammen.' },
  );
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const sections = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select(['s.id', 'g.title'])
      .where('s.application_id', '=', team.applicationId)
      .orderBy('s.position')
      .execute();
    return { bent: team.emails[0]!, aase: team.emails[1]!, applicationId: team.applicationId, sections };
  } finally {
    await db.destroy();
  }
}

test('who is in a section shows live on the overview and beside the section title, and goes when they leave', async ({ browser, page }) => {
  const team = await createTeam();
  const second = team.sections[1]!;
  const sectionLink = (where: typeof page) => where.getByRole('navigation', { name: 'Ansøgningens afsnit' }).getByRole('link', { name: new RegExp(`^2\\.\\s*${second.title}`) });

  // Bent watches the overview.
  await signInAs(page, team.bent);
  await page.goto(`/applications/${team.applicationId}`);
  await expect(sectionLink(page)).toBeVisible();
  await expect(sectionLink(page)).not.toContainText('I afsnittet nu');

  // Åse opens the second section in another browser: Bent sees her initials on it, without reloading.
  const aaseContext = await browser.newContext();
  const aase = await aaseContext.newPage();
  await signInAs(aase, team.aase);
  await aase.goto(`/applications/${team.applicationId}/${second.id}`);
  await expect(aase.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  await expect(sectionLink(page)).toContainText('ÅØ');
  await expect(sectionLink(page)).toContainText('I afsnittet nu: Åse Ørsted');
  await expect(page.locator('[data-presence]')).toHaveCount(1);
  await expectAccessible(page);

  // Bent opens the same section: each sees the other beside the title (and not themselves).
  await sectionLink(page).click();
  await expect(page.getByTestId('section-presence')).toContainText('I afsnittet nu: Åse Ørsted');
  await expect(aase.getByTestId('section-presence')).toContainText('I afsnittet nu: Bent Berg');
  await expect(aase.getByTestId('section-presence')).not.toContainText('Åse');
  await expectAccessible(aase);

  // Bent goes back to the overview; Åse leaves the application: her initials disappear from his list.
  await page.getByRole('link', { name: '← Fælles skrivning' }).click();
  await expect(sectionLink(page)).toContainText('ÅØ');
  await expect(aase.getByTestId('section-presence')).toHaveCount(0);
  await aase.goto('/applications');
  await expect(sectionLink(page)).not.toContainText('ÅØ');
  await expect(page.locator('[data-presence]')).toHaveCount(0);
  await aaseContext.close();
});
