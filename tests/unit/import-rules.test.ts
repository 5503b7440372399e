import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function errorsOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const importErrors = (filePath: string, code: string) => errorsOf('@typescript-eslint/no-restricted-imports', filePath, code);

describe('the import rules of the architecture', () => {
  it('keep shared free of server, client and Node code', async () => {
    expect(await importErrors('src/shared/x.ts', "import { log } from '../server/log';\nexport const a = log;")).toHaveLength(1);
    expect(await importErrors('src/shared/x.ts', "import fs from 'node:fs';\nexport const a = fs;")).toHaveLength(1);
    expect(await importErrors('src/shared/x.ts', "import { z } from 'zod';\nexport const a = z;")).toHaveLength(0);
  });

  it('let the client import only the type of the root router', async () => {
    expect(await importErrors('src/client/x.ts', "import type { AppRouter } from '../server/router';\nexport type A = AppRouter;")).toHaveLength(0);
    expect(await importErrors('src/client/x.ts', "import { appRouter } from '../server/router';\nexport const a = appRouter;")).toHaveLength(1);
    expect(await importErrors('src/client/x.ts', "import type { Env } from '../server/env';\nexport type A = Env;")).toHaveLength(1);
  });

  it('let a client feature import another only through its index.ts', async () => {
    expect(await importErrors('src/client/features/a/x.tsx', "import { B } from '../b/b';\nexport const a = B;")).toHaveLength(1);
    expect(await importErrors('src/client/features/a/x.tsx', "import { B } from '../../features/b';\nexport const a = B;")).toHaveLength(1);
    expect(await importErrors('src/client/features/a/x.tsx', "import { B } from '../b';\nexport const a = B;")).toHaveLength(0);
    expect(await importErrors('src/client/features/a/x.tsx', "import { A } from './a';\nexport const a = A;")).toHaveLength(0);
  });

  it('keep server features apart: one calls another through its index.ts', async () => {
    expect(await importErrors('src/server/features/a/a.service.ts', "import { findB } from '../b/b.queries';\nexport const a = findB;")).toHaveLength(1);
    expect(await importErrors('src/server/features/a/a.service.ts', "import { findB } from '../../features/b/b.queries';\nexport const a = findB;")).toHaveLength(1);
    expect(await importErrors('src/server/features/a/a.service.ts', "import { findA } from './a.queries';\nexport const a = findA;")).toHaveLength(0);
    expect(await importErrors('src/server/features/a/a.service.ts', "import { findSection } from '../applications';\nexport const a = findSection;")).toHaveLength(0);
    expect(await importErrors('src/server/features/a/a.service.ts', "import { queueEmail } from '../../mail';\nexport const a = queueEmail;")).toHaveLength(0);
    expect(await importErrors('src/server/notify/x.ts', "import { findB } from '../features/b/b.queries';\nexport const a = findB;")).toHaveLength(1);
    expect(await importErrors('src/server/mail/x.ts', "import { findB } from '../features/b/b.queries';\nexport const a = findB;")).toHaveLength(1);
  });

  it('let auth/, notify/ and mail/ be imported only through their index.ts from outside them', async () => {
    expect(await importErrors('src/server/features/a/a.service.ts', "import { queueEmail } from '../../mail/email.service';\nexport const a = queueEmail;")).toHaveLength(1);
    expect(await importErrors('src/server/live/x.ts', "import type { Session } from '../auth/session';\nexport type A = Session;")).toHaveLength(1);
    expect(await importErrors('src/server/services.ts', "import { createMembershipCache } from './auth/membership-cache';\nexport const a = createMembershipCache;")).toHaveLength(1);
    expect(await importErrors('worker/processors/x.ts', "import { findEmail } from '../../src/server/mail/email.queries';\nexport const a = findEmail;")).toHaveLength(1);
    expect(await importErrors('src/server/live/x.ts', "import type { Session } from '../auth';\nexport type A = Session;")).toHaveLength(0);
    expect(await importErrors('worker/processors/x.ts', "import { findEmail } from '../../src/server/mail';\nexport const a = findEmail;")).toHaveLength(0);
    expect(await importErrors('worker/main.ts', "import { createMailSender } from '../src/server/integrations/mail/transport';\nexport const a = createMailSender;")).toHaveLength(0);
    expect(await importErrors('src/server/auth/session.ts', "import { hashPassword } from './password';\nexport const a = hashPassword;")).toHaveLength(0);
  });

  it('let only the root router import feature routers, and keep the worker off tRPC', async () => {
    expect(await importErrors('src/server/features/a/a.router.ts', "import { bRouter } from '../b/b.router';\nexport const a = bRouter;")).toEqual(expect.arrayContaining([expect.stringContaining('only the root router imports feature routers.')]));
    expect(await importErrors('src/server/app.ts', "import { bRouter } from './features/b/b.router';\nexport const a = bRouter;")).toHaveLength(1);
    expect(await importErrors('src/server/app.ts', "import { x } from '../client/main';\nexport const a = x;")).toHaveLength(1);
    expect(await importErrors('worker/x.ts', "import { router } from '../src/server/trpc/trpc';\nexport const a = router;")).toHaveLength(1);
    expect(await importErrors('worker/x.ts', "import { findEmail } from '../src/server/features/email/email.queries';\nexport const a = findEmail;")).toHaveLength(0);
  });

  it('keep the tRPC layer off the features, and the seed on their public faces', async () => {
    expect(await importErrors('src/server/trpc/company-procedure.ts', "import { findMembership } from '../features/companies/companies.queries';\nexport const a = findMembership;")).toHaveLength(1);
    expect(await importErrors('src/server/trpc/company-procedure.ts', "import { findMembership } from './membership.queries';\nexport const a = findMembership;")).toHaveLength(0);
    expect(await importErrors('src/server/router.ts', "import { fundsRouter } from '../features/funds/funds.router';\nexport const a = fundsRouter;")).toHaveLength(0);
    expect(await importErrors('src/server/seed/seed.ts', "import { insertGrant } from '../features/grants/grants.queries';\nexport const a = insertGrant;")).toHaveLength(1);
    expect(await importErrors('src/server/seed/seed.ts', "import { insertCatalogueGrant } from '../features/grants';\nexport const a = insertCatalogueGrant;")).toHaveLength(0);
    expect(await importErrors('src/server/seed/seed.ts', "import { localizedColumns } from '../../shared/i18n/localized-text';\nexport const a = localizedColumns;")).toHaveLength(0);
    expect(await importErrors('src/server/features/a/a.service.ts', "import { findMembership } from '../../trpc/membership.queries';\nexport const a = findMembership;")).toHaveLength(0);
  });

  it('keep SQL in the queries modules of the features and of what they share', async () => {
    const query = "import type { Executor } from '../../db/db';\nexport const find = (db: Executor) => db.selectFrom('grants').selectAll().execute();";
    expect(await errorsOf('no-restricted-syntax', 'src/server/features/grants/grants.service.ts', query)).toHaveLength(1);
    expect(await errorsOf('no-restricted-syntax', 'src/server/features/grants/grants.queries.ts', query)).toHaveLength(0);
    expect(await errorsOf('no-restricted-syntax', 'worker/processors/x.ts', "import { sql } from 'kysely';\nexport const one = sql`SELECT 1`;")).toHaveLength(1);
    expect(await errorsOf('no-restricted-syntax', 'src/server/seed/seed.ts', query)).toHaveLength(1);
    expect(await errorsOf('no-restricted-syntax', 'src/server/features/applications/section-save.ts', query)).toHaveLength(1);
    expect(await errorsOf('no-restricted-syntax', 'src/server/features/applications/applications.queries.ts', query)).toHaveLength(0);
  });

  it('keep the client reading query strings through the router, the address bar in one place only', async () => {
    const reads = [
      'export const a = window.location.search;',
      'export const a = new URLSearchParams(location.search).get("redirect");',
      'const { search } = window.location;\nexport const a = search;',
      "export const a = document.location['search'];",
    ];
    for (const code of reads) {
      expect(await errorsOf('no-restricted-syntax', 'src/client/app/routes/login.lazy.tsx', code), code).toHaveLength(1);
      expect(await errorsOf('no-restricted-syntax', 'src/client/features/auth/x.ts', code), code).toHaveLength(1);
      expect(await errorsOf('no-restricted-syntax', 'src/client/lib/address-bar.ts', code), code).toHaveLength(0);
    }
    // The router's own location is the typed way.
    expect(await errorsOf('no-restricted-syntax', 'src/client/features/auth/x.ts', 'export const here = (location: { pathname: string; searchStr: string }) => location.pathname + location.searchStr;')).toHaveLength(0);
  });
});
