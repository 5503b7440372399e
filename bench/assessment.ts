/**
 * The "check against the call" line of `npm run bench` (alone: `BENCH_ONLY=assessment npm run
 * bench`, or `node --import tsx bench/assessment.ts`): the check, offline, on an
 * 8-section, 30,000-character Innobooster application in a scratch database of its own. Measures the worker's
 * time per check (the processor's whole run: reading, the checklist, anchoring the suggestions in
 * the co-edited texts, storing) as p50 and p95 over BENCH_RUNS checks (default 30), and the web
 * process's CPU to serve a finished check with its suggestions (`checkView`, what the panel loads),
 * against the budgets: worker p50 ≤ 300 ms, result ≤ 5 ms of web CPU.
 */
import type { Job } from 'bullmq';
import pino from 'pino';
import { createScratchDatabase } from '../src/server/db/scratch-database';
import { seedCatalog } from '../src/server/seed/seed';
import { createApplication } from '../src/server/features/applications/applications.service';
import { criteriaSnapshotOf, insertCheck, sectionVersionsOf } from '../src/server/features/assessment/assessment.queries';
import { checkView } from '../src/server/features/assessment/assessment.service';
import { createOfflineAssessor } from '../src/server/integrations/ai/assessor';
import { assessmentProcessor } from '../worker/processors/assessment';
import { activityPlanData, applicationTexts, budgetData, deliverablesData } from '../tests/integration/assessment-fixtures';

const TEXT_CHARS = 30_000;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const rounded = (ms: number) => Number(ms.toFixed(2));

export interface AssessmentLineResult {
  sections: number;
  characters: number;
  suggestions: number;
  checks: number;
  workerP50Ms: number;
  workerP95Ms: number;
  webCpuP50Ms: number;
  webCpuP95Ms: number;
  budget: string;
  pass: boolean;
}

export async function assessmentCheckLine(runs = Number(process.env.BENCH_RUNS ?? 30)): Promise<AssessmentLineResult> {
  const scratch = await createScratchDatabase('gw_bench_assessment');
  try {
    return await measure(scratch.db, runs);
  } finally {
    await scratch.drop();
  }
}

async function measure(db: Awaited<ReturnType<typeof createScratchDatabase>>['db'], runs: number): Promise<AssessmentLineResult> {
  await seedCatalog(db);
  const user = await db.insertInto('users').values({ email: 'bench@example.com', password_hash: 'x', firstname: 'Bench', lastname: 'Mark' }).returning('id').executeTakeFirstOrThrow();
  const company = await db.insertInto('companies').values({ org_id: '12345674', name: 'Varmeværket ApS', verified: true }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('memberships').values({ company_id: company.id, user_id: user.id, role: 'owner' }).execute();
  const grant = await db.selectFrom('grants').select('id').where('slug', '=', 'innobooster').executeTakeFirstOrThrow();
  const { id: applicationId } = await createApplication(db, { companyId: company.id, grantId: grant.id, title: 'Varmepumpe', language: 'da', description: 'En varmepumpe' }, user.id);
  const sections = await db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .select(['s.id', 's.position', 'gs.kind'])
    .where('s.application_id', '=', applicationId)
    .orderBy('s.position')
    .execute();
  const textSections = sections.filter((section) => section.kind === 'text');
  let written = 0;
  for (const section of sections) {
    let content = '';
    if (section.kind === 'text') {
      // Each text section's fixture paragraphs, repeated with figures of their own, to its share of 30,000 characters.
      const base = applicationTexts.da.texts[section.position as 0] ?? applicationTexts.da.texts[0];
      const share = Math.floor(TEXT_CHARS / textSections.length);
      for (let round = 1; content.length < share; round += 1) content += `${content ? '\n' : ''}${base.replaceAll('12', String(12 + round))}`;
      content = content.slice(0, share);
      written += content.length;
    }
    const data = section.kind === 'budget' ? budgetData : section.kind === 'activity_plan' ? activityPlanData : section.kind === 'deliverables' ? deliverablesData : null;
    await db.updateTable('application_sections').set({ content, ...(data ? { data: JSON.stringify(data) } : {}) }).where('id', '=', section.id).execute();
  }
  const process_ = assessmentProcessor({ db, assessor: createOfflineAssessor(), log: pino({ level: 'silent' }) });
  const criteria = await criteriaSnapshotOf(db, applicationId);
  const times: number[] = [];
  let checkId = '';
  for (let run = 0; run < runs + 3; run += 1) {
    const check = await insertCheck(db, { applicationId, sectionId: null, userId: user.id, criteria, sectionVersions: await sectionVersionsOf(db, applicationId) });
    const job = { data: { checkId: check.id, applicationId }, attemptsMade: 0, opts: { attempts: 5 }, updateProgress: async () => {} } as unknown as Job;
    const started = performance.now();
    await process_(job);
    // The first runs warm the code up.
    if (run >= 3) times.push(performance.now() - started);
    checkId = check.id;
  }
  const webCpu: number[] = [];
  for (let run = 0; run < runs + 3; run += 1) {
    const before = process.cpuUsage();
    await checkView(db, applicationId, checkId, 'da');
    const used = process.cpuUsage(before);
    if (run >= 3) webCpu.push((used.user + used.system) / 1000);
  }
  const suggestions = (await checkView(db, applicationId, checkId, 'da')).suggestions.length;
  const worker = { p50: percentile(times, 50), p95: percentile(times, 95) };
  const web = { p50: percentile(webCpu, 50), p95: percentile(webCpu, 95) };
  return {
    sections: sections.length,
    characters: written,
    suggestions,
    checks: runs,
    workerP50Ms: rounded(worker.p50),
    workerP95Ms: rounded(worker.p95),
    webCpuP50Ms: rounded(web.p50),
    webCpuP95Ms: rounded(web.p95),
    budget: 'worker p50 ≤ 300 ms, result ≤ 5 ms of web CPU (p50)',
    pass: worker.p50 <= 300 && web.p50 <= 5,
  };
}

export function printAssessmentLine(result: AssessmentLineResult): void {
  console.log(`\ncheck against the call (offline, ${result.sections} sections, ${result.characters} characters, ${result.suggestions} suggestions, ${result.checks} checks):`);
  console.log(`  worker time p50 ${result.workerP50Ms} ms, p95 ${result.workerP95Ms} ms (budget p50 ≤ 300 ms)`);
  console.log(`  web CPU to serve the result p50 ${result.webCpuP50Ms} ms, p95 ${result.webCpuP95Ms} ms (budget ≤ 5 ms) ${result.pass ? 'PASS' : 'FAIL'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) printAssessmentLine(await assessmentCheckLine());
