import { AppError } from '../../../shared/errors';
import {
  addSectionInput,
  createGrantInput,
  fundGrantsInput,
  grantIdInput,
  grantListInput,
  grantSlugInput,
  reorderSectionsInput,
  sectionIdInput,
  updateGrantInput,
  updateSectionInput,
} from '../../../shared/schemas/grants';
import { adminProcedure, publicProcedure, router } from '../../trpc/trpc';
import { saveGrantRulesInput } from '../../../shared/schemas/grant-rules';
import { saveGrantRules } from './grant-rules.queries';
import { grantFitFor, rulesOfGrant, type CompanyFit } from '../grants-for-you';
import type { GrantRules } from '../../../shared/domain/grant-rules';
import { findFundById } from '../funds';
import { findGrantQuestions } from './grant-questions.queries';
import { cachedCatalog } from '../../catalog/catalog-cache';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit';
import {
  companiesForRequirementsTest,
  findAdminGrant,
  cachedPublicGrant,
  cachedPublicGrants,
  findSection,
  listFundGrants,
} from './grants.queries';
import {
  addSection,
  createGrant,
  deleteGrant,
  duplicateGrant,
  publishGrant,
  removeSection,
  reorderSections,
  unpublishGrant,
  updateGrant,
  updateSection,
} from './grants.service';

/**
 * Reads of the grant list that miss the catalogue cache, per address. Each reads the database
 * (a word search with its total reads every public grant, ~15 ms at 5,000 grants), and anyone can
 * ask for new ones (another word, filter or cursor); a visitor searching and paging makes far
 * fewer than two a second, an office behind one address several people's.
 */
export const grantListReadsPerIp: RateLimit = { name: 'grant-list:ip', limit: 600, windowSeconds: 5 * 60 };

export const grantsRouter = router({
  /** Published grants: search, filter by fund and status, sort; keyset pages. */
  list: publicProcedure.meta({ access: 'anyone' }).input(grantListInput).query(({ ctx, input }) =>
    cachedPublicGrants(ctx.services.db, input, ctx.locale, () => consumeRateLimit(ctx.services.redis, ctx.services.env.REDIS_PREFIX, grantListReadsPerIp, ctx.ip ?? 'unknown')),
  ),

  bySlug: publicProcedure.meta({ access: 'anyone' }).input(grantSlugInput).query(async ({ ctx, input }) => {
    const grant = await cachedPublicGrant(ctx.services.db, input.slug, ctx.locale);
    if (!grant) throw new AppError('NOT_FOUND');
    return grant;
  }),

  /** The eligibility questions of a published grant and, for a signed-in user, their companies' profiles to pre-fill from. */
  requirementsTest: publicProcedure.meta({ access: 'anyone' }).input(grantSlugInput).query(async ({ ctx, input }) => {
    const grant = await cachedPublicGrant(ctx.services.db, input.slug, ctx.locale);
    if (!grant) throw new AppError('NOT_FOUND');
    const questions = await cachedCatalog(ctx.services.db, `grants:questions:${ctx.locale}:${grant.id}`, () => findGrantQuestions(ctx.services.db, grant.id, ctx.locale));
    let companies: Array<Awaited<ReturnType<typeof companiesForRequirementsTest>>[number] & { fit: CompanyFit | null }> = [];
    let rules: GrantRules | null = null;
    if (ctx.user) {
      ctx.resHeaders?.set('Cache-Control', 'no-store');
      const rows = await companiesForRequirementsTest(ctx.services.db, ctx.user.id);
      // The grant's rules against each company's facts: the same rules and words as "Grants for you".
      const fit = rows.length > 0 ? await grantFitFor(ctx.services.db, grant.id, rows.map((row) => row.id)) : null;
      rules = fit?.rules ?? null;
      companies = rows.map((row) => ({ ...row, fit: fit?.companies.get(row.id) ?? null }));
    }
    // Without a company to check them against (a visitor), the rules are shown as what a company
    // must be; cached with the catalogue, which an admin's saving of the rules clears.
    rules ??= await cachedCatalog(ctx.services.db, `grants:rules:${grant.id}`, () => rulesOfGrant(ctx.services.db, grant.id));
    return {
      grant: { id: grant.id, slug: grant.slug, title: grant.title, status: grant.status, fund: grant.fund },
      questions,
      companies,
      rules,
    };
  }),

  admin: router({
    listByFund: adminProcedure.input(fundGrantsInput).query(async ({ ctx, input }) => {
      const fund = await findFundById(ctx.services.db, input.fundId);
      if (!fund) throw new AppError('NOT_FOUND');
      return { fund, grants: await listFundGrants(ctx.services.db, input.fundId) };
    }),
    get: adminProcedure.input(grantIdInput).query(async ({ ctx, input }) => {
      const grant = await findAdminGrant(ctx.services.db, input.id);
      if (!grant) throw new AppError('NOT_FOUND');
      return grant;
    }),
    /** The grant's rules, checked against each company's facts in "Grants for you" (decision 0053). */
    rules: adminProcedure.input(grantIdInput).query(({ ctx, input }) => rulesOfGrant(ctx.services.db, input.id)),
    saveRules: adminProcedure.input(saveGrantRulesInput).mutation(async ({ ctx, input }) => {
      if (!(await saveGrantRules(ctx.services.db, input))) throw new AppError('NOT_FOUND');
      return rulesOfGrant(ctx.services.db, input.grantId);
    }),
    create: adminProcedure.input(createGrantInput).mutation(({ ctx, input }) => createGrant(ctx.services.db, input)),
    update: adminProcedure.input(updateGrantInput).mutation(({ ctx, input }) => updateGrant(ctx.services.db, input)),
    duplicate: adminProcedure.input(grantIdInput).mutation(({ ctx, input }) => duplicateGrant(ctx.services.db, input.id)),
    delete: adminProcedure.input(grantIdInput).mutation(async ({ ctx, input }) => {
      await deleteGrant(ctx.services.db, input.id);
      return { id: input.id };
    }),
    publish: adminProcedure.input(grantIdInput).mutation(({ ctx, input }) => publishGrant(ctx.services, input.id)),
    unpublish: adminProcedure.input(grantIdInput).mutation(({ ctx, input }) => unpublishGrant(ctx.services.db, input.id)),
    addSection: adminProcedure.input(addSectionInput).mutation(({ ctx, input }) => addSection(ctx.services.db, input)),
    reorderSections: adminProcedure.input(reorderSectionsInput).mutation(async ({ ctx, input }) => {
      await reorderSections(ctx.services.db, input);
      return { ok: true as const };
    }),
    removeSection: adminProcedure.input(sectionIdInput).mutation(({ ctx, input }) => removeSection(ctx.services.db, input.id)),
    getSection: adminProcedure.input(sectionIdInput).query(async ({ ctx, input }) => {
      const section = await findSection(ctx.services.db, input.id);
      if (!section) throw new AppError('NOT_FOUND');
      return section;
    }),
    updateSection: adminProcedure.input(updateSectionInput).mutation(({ ctx, input }) => updateSection(ctx.services.db, input)),
  }),
});
