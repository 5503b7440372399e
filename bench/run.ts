/**
 * `npm run bench`: builds the client, seeds a scratch database at the realistic size, starts the
 * app (web + worker) and the two floor servers on free ports with a Redis prefix of their own,
 * loads each endpoint with autocannon and prints req/s, p50, p99 and the ratio to its floor
 * against the budgets, then job latency, the registry lookup, the AI draft, the client's
 * first-visit bytes and Lighthouse's mobile performance score of the public pages (Lighthouse is
 * fetched with npx on first use and run with Debian's Chromium). Writes bench/results.json and
 * removes the database, keys and processes.
 *
 * BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50) shorten a quick run;
 * BENCH_ONLY=signed-in measures only the floors and the signed-in calls (no client build, public
 * reads, jobs, drafts or Lighthouse); BENCH_ONLY=public-pages only what a first visit loads and
 * Lighthouse; BENCH_ONLY=co-editing only the co-editing lines (bench/co-editing.ts: writers on their own
 * live WebSocket each, 20 in one section on one web process, 50 across two, and the cost of a push
 * by the size of the text); BENCH_ONLY=assessment only the check against the call (bench/assessment.ts:
 * an offline check of an 8-section, 30,000-character application on a scratch database of its own:
 * the worker's time and the web CPU to serve the result); BENCH_CPU_PROF=<folder> runs the web process under
 * `node --cpu-prof` and writes its profile there when it stops (summarise it with
 * `node bench/cpu-profile.ts <file>`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { chromium } from '@playwright/test';
import { createSession } from '../src/server/auth/session';
import { hashPassword } from '../src/server/auth/password';
import { buildClient } from '../src/server/cli/build';
import { createScratchDatabase, type ScratchDatabase } from '../src/server/db/scratch-database';
import { realisticScale, seedAtScale } from './seed-at-scale';
import { webConcurrency } from '../src/server/env';
import { projectPath } from '../src/server/platform/project-path';
import { workerTimings } from '../src/shared/jobs';
import { grantsForYouRanking } from './grants-for-you';
import { recordSameWork } from './same-work';
import { assessmentCheckLine, printAssessmentLine, type AssessmentLineResult } from './assessment';
import { coEditingLatency, loadNote, printPushCost, pushCost, setSectionTexts, type CpuMeter, type LatencyResult, type PushCostResult } from './co-editing';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const signedInOnly = process.env.BENCH_ONLY === 'signed-in';
const publicPagesOnly = process.env.BENCH_ONLY === 'public-pages';
const coEditingOnly = process.env.BENCH_ONLY === 'co-editing';
const assessmentOnly = process.env.BENCH_ONLY === 'assessment';
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const prefix = `gwbench:${randomBytes(5).toString('hex')}`;
const started = Date.now();

const children: ChildProcess[] = [];
let scratch: ScratchDatabase | undefined;
const mailDir = mkdtempSync(path.join(tmpdir(), 'gw-bench-mail-'));

function step(text: string) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function startProcess(name: string, entry: string, env: Record<string, string>, nodeOptions: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', projectPath(entry)], {
    env: { ...process.env, ...env, SERVICE_NAME: name },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const trpcInput = (value: unknown) => `input=${encodeURIComponent(JSON.stringify(value))}`;

/** User + system CPU a process has used so far, in ms (Linux; null elsewhere). */
function cpuMsOf(pid: number | string | undefined): number | null {
  try {
    // Fields 14 and 15 after the command name: utime and stime in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU a process and its children (the web processes `cluster.ts` forks) have used so far, in ms. */
function cpuMsOfTree(pid: number | undefined): number | null {
  const own = cpuMsOf(pid);
  if (own === null) return null;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // No children to count.
  }
  return children.reduce((sum, child) => sum + (cpuMsOf(child) ?? 0), own);
}

/**
 * CPU used so far by each PostgreSQL backend serving the scratch database (its process title
 * names it), in ms, when the server runs on this machine; null elsewhere.
 */
function databaseCpuMs(): Map<string, number> | null {
  if (!scratch) return null;
  const used = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${scratch.name} `)) continue;
    } catch {
      continue;
    }
    const ms = cpuMsOf(pid);
    if (ms !== null) used.set(pid, ms);
  }
  return used.size ? used : null;
}

/**
 * What PostgreSQL spent between two readings: only one load runs at a time, so the backends'
 * growth is that load's (a backend that ended in between, e.g. an idle pool connection closed,
 * is left out rather than counted as negative).
 */
function databaseCpuBetween(before: Map<string, number> | null, after: Map<string, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

interface LoadResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU the measured process spent per answer, in ms, when its pid is known. */
  cpuMsPerRequest?: number;
  /** CPU PostgreSQL spent per answer, in ms, when it runs on this machine. */
  databaseCpuMsPerRequest?: number;
  floor?: string;
  ratio?: number;
  /** Against the floor that runs the same statements for the same answer (bench/same-work.ts). */
  sameWorkRatio?: number;
  /** The machine's load average (1 minute) when the load ended: the figures are only as quiet as the machine. */
  loadAverage: number;
  budget: string;
  pass?: boolean;
}

// What every browser sends: answers are measured as visitors get them, compressed.
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * When each line's measured part ran, on the monotonic clock V8's profiles use (as
 * `process.hrtime`): written beside the profile, so `bench/cpu-profile.ts --line` summarises one line.
 */
const profiledLines: { name: string; fromUs: number; toUs: number }[] = [];

async function load(name: string, options: autocannon.Options, pid?: number, beforeEach: () => Promise<void> = async () => {}): Promise<LoadResult> {
  const withHeaders = { ...options, headers: { ...browserHeaders, ...options.headers } };
  // A short warm-up first: JIT, caches and pool connections are then as a running server has them.
  await beforeEach();
  await autocannon({ ...withHeaders, connections, duration: Math.min(2, duration) });
  await beforeEach();
  const cpuBefore = cpuMsOfTree(pid);
  const databaseBefore = databaseCpuMs();
  const fromUs = process.hrtime.bigint() / 1000n;
  const result = await autocannon({ ...withHeaders, connections, duration });
  if (cpuProfileDir) {
    profiledLines.push({ name, fromUs: Number(fromUs), toUs: Number(process.hrtime.bigint() / 1000n) });
    writeFileSync(path.join(cpuProfileDir, 'lines.json'), JSON.stringify(profiledLines, null, 2));
  }
  const cpuAfter = cpuMsOfTree(pid);
  const databaseAfter = databaseCpuMs();
  const perAnswer = (before: number | null, after: number | null) => (before !== null && after !== null && result.requests.total > 0 ? (after - before) / result.requests.total : undefined);
  return {
    name,
    cpuMsPerRequest: perAnswer(cpuBefore, cpuAfter),
    databaseCpuMsPerRequest: perAnswer(0, databaseCpuBetween(databaseBefore, databaseAfter)),
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    loadAverage: loadavg()[0]!,
    budget: '',
  };
}

async function main() {
  if (assessmentOnly) {
    step('checking an 8-section, 30,000-character application against the call (offline)');
    printAssessmentLine(await assessmentCheckLine());
    return;
  }
  const appPort = await freePort();
  const floorPgPort = await freePort();
  const floorTrpcPort = await freePort();
  const floorSignedInPort = await freePort();
  const floorWritePort = await freePort();
  const floorSameWorkPort = await freePort();
  const app = `http://127.0.0.1:${appPort}`;

  if (!signedInOnly && !coEditingOnly) {
    step('building the client');
    await buildClient();
  }

  step('seeding a scratch database at the realistic size');
  scratch = await createScratchDatabase('gw_bench');
  const db = scratch.db;
  await seedAtScale(db, realisticScale);
  await sql`CREATE TABLE bench_rows (id integer PRIMARY KEY, name text NOT NULL, amount numeric NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO bench_rows (id, name, amount) SELECT n, 'row ' || n, n * 1.5 FROM generate_series(1, 100000) n;
    ANALYZE bench_rows`.execute(db);
  const counts = await sql<{ funds: number; grants: number; companies: number; applications: number; sections: number }>`SELECT
    (SELECT count(*) FROM funds)::int AS funds, (SELECT count(*) FROM grants)::int AS grants, (SELECT count(*) FROM companies)::int AS companies,
    (SELECT count(*) FROM applications)::int AS applications, (SELECT count(*) FROM application_sections)::int AS sections`.execute(db);
  step(`seeded ${JSON.stringify(counts.rows[0])}`);

  // The signed-in user: owner of five seeded companies (50 applications, 150 text sections).
  const password = randomBytes(12).toString('hex');
  const user = await db
    .insertInto('users')
    .values({ email: 'bench@scale.example', password_hash: await hashPassword(password), firstname: 'Bench', lastname: 'User', email_verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO memberships (company_id, user_id, role) SELECT id, ${user.id}, 'owner' FROM companies ORDER BY org_id LIMIT 5`.execute(db);
  const { token } = await createSession(db, user.id);
  const auth = { authorization: `Bearer ${token}` };
  const sections = await db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as gs', 'gs.id', 's.grant_section_id')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .innerJoin('memberships as m', 'm.company_id', 'a.company_id')
    .select(['s.id', 's.application_id as applicationId', 's.version'])
    .where('m.user_id', '=', user.id)
    .where('gs.kind', '=', 'text')
    .where('s.status', '<>', 'done')
    .orderBy('s.id')
    .execute();
  const overviewApplication = sections[0]!.applicationId;
  const draftSection = sections.at(-1)!;
  const sameWorkFile = path.join(mailDir, 'same-work.json');
  if (!publicPagesOnly && !coEditingOnly) {
    step('taking the SQL each signed-in read runs, for the same-work floors');
    const sameWork = await recordSameWork({
      databaseUrl: scratch.url,
      redisUrl,
      prefix,
      token,
      calls: { whoAmI: { path: 'auth.me' }, overview: { path: 'applications.get', input: { applicationId: overviewApplication } }, dashboard: { path: 'applications.list', input: {} } },
    });
    for (const [line, work] of Object.entries(sameWork)) step(`  ${line}: ${work.groups.map((group) => group.length).join(' + ') || 'no'} statements`);
    writeFileSync(sameWorkFile, JSON.stringify(sameWork));
  } else {
    writeFileSync(sameWorkFile, '{}');
  }

  step('starting the app, the worker and the floors');
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    MAIL_DIR: mailDir,
    REGISTRY: 'fixture',
    HOST: '127.0.0.1',
    PORT: String(appPort),
    // Each signed-in line is one user at 50 connections: thousands of calls a second, which the
    // per-user call limit (src/server/http/call-limits.ts) exists to refuse. The bench measures the calls.
    CALLS_PER_USER_LIMIT: '10000000',
  };
  const web = startProcess('web', 'src/server/main.ts', env, cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : []);
  startProcess('worker', 'worker/main.ts', env);
  const floors = startProcess('floors', 'bench/floors.ts', {
    DATABASE_URL: scratch.url,
    FLOOR_PG_PORT: String(floorPgPort),
    FLOOR_TRPC_PORT: String(floorTrpcPort),
    FLOOR_SIGNED_IN_PORT: String(floorSignedInPort),
    FLOOR_WRITE_PORT: String(floorWritePort),
    FLOOR_SAME_WORK_PORT: String(floorSameWorkPort),
    FLOOR_SAME_WORK: sameWorkFile,
  });
  const floorSignedInUrl = `http://127.0.0.1:${floorSignedInPort}/application?id=${overviewApplication}`;
  // Three processes start at once; on a busy machine importing the app alone takes half a minute.
  await until(async () => (await fetch(`${app}/healthz`)).ok, 180_000, 'the app answering /healthz');
  await until(async () => (await fetch(`http://127.0.0.1:${floorTrpcPort}/trpc/row`)).ok, 30_000, 'the floors answering');
  await until(async () => (await fetch(`http://127.0.0.1:${floorPgPort}/row`)).ok, 30_000, 'the floors answering');
  await until(async () => (await fetch(floorSignedInUrl, { headers: auth })).ok, 30_000, 'the signed-in floor answering');

  if (publicPagesOnly) {
    step('measuring what a first visit loads');
    const client = await firstVisitBytes(app);
    step(`running Lighthouse (mobile, ${LIGHTHOUSE_RUNS} runs a page)`);
    printTable({ loads: [], jobs: null, registryLookup: null, aiDraft: null, client, lighthouse: await lighthouseScores(app), totalSeconds: Math.round((Date.now() - started) / 1000) });
    return;
  }

  const coEditingRun = () =>
    coEditingLines({
      app,
      db,
      sections,
      startSecondWeb: async () => {
        const port = await freePort();
        startProcess('web-2', 'src/server/main.ts', { ...env, PORT: String(port) });
        const second = `http://127.0.0.1:${port}`;
        await until(async () => (await fetch(`${second}/healthz`)).ok, 60_000, 'the second web process answering /healthz');
        return second;
      },
      cpu: () => {
        const webBefore = cpuMsOf(web.pid);
        const databaseBefore = databaseCpuMs();
        return () => {
          const webAfter = cpuMsOf(web.pid);
          return { web: webBefore !== null && webAfter !== null ? webAfter - webBefore : null, database: databaseCpuBetween(databaseBefore, databaseCpuMs()) };
        };
      },
    });

  if (coEditingOnly) {
    const coEditing = await coEditingRun();
    // Kept beside the figures of the last full run, if there is one.
    writeFileSync(projectPath('bench/results.json'), `${JSON.stringify({ ...previousResults(), coEditingDate: new Date().toISOString(), coEditingMachine: machine(), coEditingDurationSeconds: duration, ...coEditing }, null, 2)}\n`);
    printCoEditing(coEditing);
    console.log('\nwritten to bench/results.json');
    return;
  }

  step(`loading each endpoint (${connections} connections, ${duration} s after a warm-up)`);
  const floorPg = await load('floor: Hono + pg primary key', { url: `http://127.0.0.1:${floorPgPort}/row` }, floors.pid);
  const floorTrpc = await load('floor: tRPC on Hono, same read', { url: `http://127.0.0.1:${floorTrpcPort}/trpc/row` }, floors.pid);
  const floorSignedIn = await load('floor: signed-in read (session + application through membership)', { url: floorSignedInUrl, headers: auth }, floors.pid);
  const publicReads = signedInOnly ? [] : [
    await load('public grant list, first page', { url: `${app}/trpc/grants.list?${trpcInput({})}` }, web.pid),
    await load('public grant search (q + status)', { url: `${app}/trpc/grants.list?${trpcInput({ q: 'green', status: 'open' })}` }, web.pid),
    await load('public grant detail', { url: `${app}/trpc/grants.bySlug?${trpcInput({ slug: 'grant-42' })}` }, web.pid),
    await load('grant page HTML', { url: `${app}/grants/grant-42` }, web.pid),
  ];
  // The cheapest signed-in call: the session lookup (one statement, as in the floor) and a small
  // answer. What it misses of the tRPC floor is what any signed-in call pays in this app before
  // its own work (the request context, the app's middleware); it carries no budget.
  const sameWorkFloor = (line: string, what: string) => load(`floor: same work as ${what}`, { url: `http://127.0.0.1:${floorSameWorkPort}/${line}`, headers: auth }, floors.pid);
  const floorWhoAmI = await sameWorkFloor('whoAmI', 'who am I');
  const floorOverview = await sameWorkFloor('overview', 'the application overview');
  const floorDashboard = await sameWorkFloor('dashboard', 'the dashboard, first page');
  const whoAmI = await load('who am I (signed in: the session only)', { url: `${app}/trpc/auth.me`, headers: auth }, web.pid);
  const overview = await load('application overview (signed in)', { url: `${app}/trpc/applications.get?${trpcInput({ applicationId: overviewApplication })}`, headers: auth }, web.pid);
  const dashboard = await load('dashboard, first page (signed in)', { url: `${app}/trpc/applications.list?${trpcInput({})}`, headers: auth }, web.pid);

  // No two saves of one section are in flight at once (autocannon gives every request a fresh
  // context): a save takes a free section and returns it with the version its answer names. The
  // load generator stops with saves in flight, whose answers it never reads: before each run the
  // versions are read again, once they have stopped changing.
  const versions = new Map<string, number>();
  const free: typeof sections = [];
  const sectionIds = sections.map((section) => section.id);
  const currentVersions = async () =>
    new Map((await db.selectFrom('application_sections').select(['id', 'version']).where('id', 'in', sectionIds).execute()).map((row) => [row.id, row.version]));
  const settledVersions = async () => {
    let previous = await currentVersions();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = await currentVersions();
      if ([...now].every(([id, version]) => previous.get(id) === version)) break;
      previous = now;
    }
    for (const [id, version] of previous) versions.set(id, version);
    free.splice(0, free.length, ...sections);
  };
  const failures = new Map<string, string>();
  const saves = (name: string, url: string, pid: number | undefined, bodyOf: (section: (typeof sections)[number], content: string) => unknown, versionOf: (answer: unknown) => number) =>
    load(
      name,
      {
        url,
        method: 'POST',
        // Its answer is read for the next version, so it comes uncompressed.
        headers: { ...auth, 'content-type': 'application/json', 'accept-encoding': 'identity' },
        requests: [
          {
            setupRequest: (request, context: { section?: (typeof sections)[number] }) => {
              const section = free.shift() ?? sections[Math.floor(Math.random() * sections.length)]!;
              context.section = section;
              const content = `Saved while measuring ${randomBytes(8).toString('hex')}. `.repeat(20);
              request.body = JSON.stringify(bodyOf(section, content));
              return request;
            },
            onResponse: (status, body, context: { section?: (typeof sections)[number] }) => {
              const section = context.section;
              if (!section) return;
              if (status === 200) versions.set(section.id, versionOf(JSON.parse(body)));
              else failures.set(`${name} answered ${status}`, body.slice(0, 300));
              free.push(section);
            },
          },
        ],
      },
      pid,
      settledVersions,
    );
  const floorWrite = await saves(
    'floor: section write (session + versioned UPDATE and event, one transaction)',
    `http://127.0.0.1:${floorWritePort}/save`,
    floors.pid,
    (section, content) => ({ sectionId: section.id, version: versions.get(section.id), content }),
    (answer) => (answer as { version: number }).version,
  );
  const save = await saves(
    'section save (signed in)',
    `${app}/trpc/applications.saveSection`,
    web.pid,
    (section, content) => ({ applicationId: section.applicationId, sectionId: section.id, version: versions.get(section.id), content, answers: {}, fulfilled: [] }),
    (answer) => (answer as { result: { data: { version: number } } }).result.data.version,
  );

  // The same reads with the web server as `npm start` runs it: WEB_CONCURRENCY processes on one
  // port (src/server/cluster.ts), the machine's cores, at most 4. CPU is theirs together.
  const processes = webConcurrency({ WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ? Number(process.env.WEB_CONCURRENCY) : undefined }, cpus().length);
  const clusterPort = await freePort();
  const cluster = startProcess('web-cluster', 'src/server/cluster.ts', { ...env, PORT: String(clusterPort), WEB_CONCURRENCY: String(processes) });
  const clustered = `http://127.0.0.1:${clusterPort}`;
  await until(async () => (await fetch(`${clustered}/healthz`)).ok, 60_000, 'the web processes answering /healthz');
  const overviewN = await load(`application overview (signed in, ${processes} web processes)`, { url: `${clustered}/trpc/applications.get?${trpcInput({ applicationId: overviewApplication })}`, headers: auth }, cluster.pid);
  const dashboardN = await load(`dashboard, first page (signed in, ${processes} web processes)`, { url: `${clustered}/trpc/applications.list?${trpcInput({})}`, headers: auth }, cluster.pid);
  cluster.kill('SIGTERM');

  for (const [what, body] of failures) console.log(`${what}: ${body}`);
  for (const read of publicReads) {
    read.floor = 'Hono + pg';
    read.ratio = read.reqPerSec / floorPg.reqPerSec;
    read.budget = '≥ 1.0× floor, p99 ≤ 50 ms';
    read.pass = read.ratio >= 1 && read.p99 <= 50 && read.non2xx === 0 && read.errors === 0;
  }
  // Signed-in calls against the floors that do what any signed-in call must (decision 0032).
  const clean = (row: LoadResult) => row.non2xx === 0 && row.errors === 0;
  // Budgets of issue 41 (decision 0049): the web process's CPU per answer, and throughput as a
  // share of the floor that does the same work, all measured in this one run.
  const cpuWithin = (row: LoadResult, ms: number) => row.cpuMsPerRequest === undefined || row.cpuMsPerRequest <= ms;
  // Budgets of issue 53 (decision 0061): each signed-in read also against its same-work floor,
  // which runs the statements the app runs for that answer, so the ratio is what the layers add.
  whoAmI.floor = 'signed-in read';
  whoAmI.ratio = whoAmI.reqPerSec / floorSignedIn.reqPerSec;
  whoAmI.sameWorkRatio = whoAmI.reqPerSec / floorWhoAmI.reqPerSec;
  whoAmI.budget = 'CPU ≤ 0.3 ms';
  whoAmI.pass = cpuWithin(whoAmI, 0.3) && clean(whoAmI);
  for (const [read, sameWork, sameShare, share, p99, cpu] of [
    [overview, floorOverview, 0.5, 0.25, 100, 0.6],
    [dashboard, floorDashboard, 0.5, null, null, 1.2],
  ] as const) {
    read.floor = 'signed-in read';
    read.ratio = read.reqPerSec / floorSignedIn.reqPerSec;
    read.sameWorkRatio = read.reqPerSec / sameWork.reqPerSec;
    read.budget = [`≥ ${sameShare.toFixed(2)}× same work`, share === null ? null : `≥ ${share.toFixed(2)}× signed-in floor`, p99 === null ? null : `p99 ≤ ${p99} ms`, `CPU ≤ ${cpu} ms`].filter(Boolean).join(', ');
    read.pass = read.sameWorkRatio >= sameShare && (share === null || read.ratio >= share) && (p99 === null || read.p99 <= p99) && cpuWithin(read, cpu) && clean(read);
  }
  for (const read of [overviewN, dashboardN]) {
    read.floor = 'signed-in read';
    read.ratio = read.reqPerSec / floorSignedIn.reqPerSec;
    read.budget = '(with 1 process above)';
  }
  save.floor = 'write';
  save.ratio = save.reqPerSec / floorWrite.reqPerSec;
  save.budget = `≥ 0.25× floor, p99 ≤ 2× floor's (${2 * floorWrite.p99} ms), CPU ≤ 1.0 ms`;
  save.pass = save.ratio >= 0.25 && save.p99 <= 2 * floorWrite.p99 && cpuWithin(save, 1.0) && clean(save);
  const loads = [floorPg, floorTrpc, floorSignedIn, floorWhoAmI, floorOverview, floorDashboard, floorWrite, ...publicReads, whoAmI, overview, dashboard, save, overviewN, dashboardN];
  if (signedInOnly) {
    printLoads(loads);
    // Kept beside the figures of the last full run, if there is one.
    writeFileSync(projectPath('bench/results.json'), `${JSON.stringify({ ...previousResults(), signedInDate: new Date().toISOString(), signedInMachine: machine(), signedInLoads: loads }, null, 2)}\n`);
    console.log('\nwritten to bench/results.json');
    return;
  }

  step('measuring job latency (enqueue → processor start)');
  const jobs = await jobLatency();

  step('measuring the registry lookup and the AI draft');
  const lookup = await registryLookup(app, auth, db);
  const draft = await aiDraft(app, auth, db, draftSection);
  step('ranking 5,000 grants for one company ("Grants for you")');
  const ranking = await grantsForYouRanking(db);
  step('checking an 8-section, 30,000-character application against the call (offline)');
  const assessment = await assessmentCheckLine();
  const coEditing = await coEditingRun();

  step('measuring what a first visit loads');
  const client = await firstVisitBytes(app);
  step(`running Lighthouse (mobile, ${LIGHTHOUSE_RUNS} runs a page)`);
  const lighthouse = await lighthouseScores(app);

  const results = {
    date: new Date().toISOString(),
    machine: machine(),
    connections,
    durationSeconds: duration,
    seeded: counts.rows[0],
    loads,
    jobs,
    registryLookup: lookup,
    aiDraft: draft,
    grantsForYou: ranking,
    assessment,
    ...coEditing,
    client,
    lighthouse,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(projectPath('bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
  console.log(`\nwritten to bench/results.json in ${results.totalSeconds} s`);
}

async function jobLatency() {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('bench-latency', { connection, prefix });
  const waits: number[] = [];
  const worker = new Worker(
    'bench-latency',
    async (job) => {
      waits.push(Date.now() - job.timestamp);
    },
    { connection: new Redis(redisUrl, { maxRetriesPerRequest: null }), prefix, concurrency: 5, ...workerTimings },
  );
  await worker.waitUntilReady();
  const count = 200;
  for (let i = 0; i < count; i += 1) {
    await queue.add('tick', {}, { removeOnComplete: true });
    // Spaced out as jobs arrive from requests, not as one burst.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await until(async () => waits.length >= count, 30_000, 'every latency job starting');
  await worker.close();
  await queue.close();
  connection.disconnect();
  return { jobs: count, medianMs: percentile(waits, 50), p99Ms: percentile(waits, 99) };
}

async function registryLookup(app: string, headers: Record<string, string>, db: ScratchDatabase['db']) {
  const times: number[] = [];
  for (const orgId of ['24256790', '54562519', '61056416']) {
    const start = Date.now();
    const response = await fetch(`${app}/trpc/companies.lookup`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ orgId }) });
    if (!response.ok) throw new Error(`lookup answered ${response.status}: ${await response.text()}`);
    await until(
      async () => (await db.selectFrom('registry_lookups').select('status').where('org_id', '=', orgId).where('status', '=', 'found').executeTakeFirst()) !== undefined,
      30_000,
      'the registry profile being filled',
    );
    times.push(Date.now() - start);
  }
  return { lookups: times.length, medianMs: percentile(times, 50), maxMs: Math.max(...times) };
}

async function aiDraft(app: string, headers: Record<string, string>, db: ScratchDatabase['db'], section: { id: string; applicationId: string }) {
  const start = Date.now();
  const response = await fetch(`${app}/trpc/drafts.request`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ applicationId: section.applicationId, sectionId: section.id }),
  });
  if (!response.ok) throw new Error(`draft request answered ${response.status}: ${await response.text()}`);
  const { draftId } = ((await response.json()) as { result: { data: { draftId: string } } }).result.data;
  const draft = () => db.selectFrom('ai_drafts').select(['status', 'content']).where('id', '=', draftId).executeTakeFirstOrThrow();
  await until(async () => (await draft()).content.length > 0, 60_000, 'the draft’s first words');
  const firstWordsMs = Date.now() - start;
  await until(async () => ['done', 'failed'].includes((await draft()).status), 60_000, 'the draft finishing');
  return { drafter: 'offline', firstWordsMs, finishedMs: Date.now() - start, status: (await draft()).status };
}

/** What a first visit may download of JavaScript, gzip: 135 KB, leaving room under the 150 KB of decision 0019 (issue 53, decision 0062). */
const FIRST_VISIT_JS_BUDGET = 135 * 1024;

/** The gzip bytes of the JavaScript and CSS each public page makes a first visitor download. */
async function firstVisitBytes(app: string) {
  const dist = projectPath('dist/client');
  const browser = await chromium.launch({ executablePath: chromiumPath });
  const pages: Record<string, { jsGzipBytes: number; cssGzipBytes: number; htmlGzipBytes: number; files: number; pass: boolean }> = {};
  try {
    for (const pagePath of ['/', '/grants', '/grants/grant-42']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assets = new Set<string>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === app && /\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
      });
      const document = await page.goto(`${app}${pagePath}`, { waitUntil: 'networkidle' });
      // Public pages carry their stylesheet in the HTML.
      const html = gzipSync((await document?.body()) ?? Buffer.alloc(0), { level: 9 }).length;
      let js = 0;
      let css = 0;
      for (const asset of assets) {
        const size = gzipSync(readFileSync(path.join(dist, asset)), { level: 9 }).length;
        if (asset.endsWith('.js')) js += size;
        else css += size;
      }
      pages[pagePath] = { jsGzipBytes: js, cssGzipBytes: css, htmlGzipBytes: html, files: assets.size, pass: js <= FIRST_VISIT_JS_BUDGET };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { budget: '≤ 135 KB JS gzip', pages };
}

const LIGHTHOUSE = 'lighthouse@12.8.2';
const LIGHTHOUSE_RUNS = 3;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** One Lighthouse run (its default: a phone on a throttled line), fetched from the npm registry on first use. */
function lighthouseRun(url: string): Promise<LighthouseRun> {
  const output = path.join(mkdtempSync(path.join(tmpdir(), 'gw-lighthouse-')), 'report.json');
  const flags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--yes', LIGHTHOUSE, url, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${output}`, `--chrome-flags=${flags}`], {
      env: { ...process.env, CHROME_PATH: chromiumPath },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${errors.trim().split('\n').at(-1) ?? ''}`);
        const report = JSON.parse(readFileSync(output, 'utf8')) as {
          categories: { performance: { score: number | null } };
          audits: Record<string, { numericValue: number; errorMessage?: string }>;
        };
        if (report.categories.performance.score === null) {
          const reasons = Object.entries(report.audits).flatMap(([id, audit]) => (audit.errorMessage ? [`${id}: ${audit.errorMessage}`] : []));
          throw new Error(`no score (${reasons.slice(0, 2).join('; ') || 'no reason given'})`);
        }
        const metric = (id: string) => Math.round((report.audits[id]?.numericValue ?? NaN) * 1000) / 1000;
        resolve({
          score: Math.round((report.categories.performance.score ?? 0) * 100),
          fcpMs: Math.round(metric('first-contentful-paint')),
          lcpMs: Math.round(metric('largest-contentful-paint')),
          tbtMs: Math.round(metric('total-blocking-time')),
          cls: metric('cumulative-layout-shift'),
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(path.dirname(output), { recursive: true, force: true });
      }
    });
  });
}

/** Lighthouse's performance score of each public page: the median of a few runs, since one run varies by several points. */
async function lighthouseScores(app: string) {
  const pages: Record<string, LighthouseRun & { runs: number[]; pass: boolean }> = {};
  try {
    for (const pagePath of ['/', '/grants', '/grants/grant-42']) {
      const runs: LighthouseRun[] = [];
      // Now and then a run ends without a score (a trace Lighthouse cannot read): it is run again, twice at most.
      for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS; attempt += 1) {
        try {
          runs.push(await lighthouseRun(`${app}${pagePath}`));
        } catch (error) {
          if (attempt >= LIGHTHOUSE_RUNS + 1) throw error;
        }
      }
      runs.sort((a, b) => a.score - b.score);
      const median = runs[Math.floor(runs.length / 2)]!;
      pages[pagePath] = { ...median, runs: runs.map((run) => run.score), pass: median.score >= 95 };
    }
  } catch (error) {
    // No registry or no Chromium: the other figures still stand.
    return { budget: 'performance ≥ 95', unavailable: error instanceof Error ? error.message : String(error), pages };
  }
  return { budget: 'performance ≥ 95', pages };
}

/** The figures of the last run, if there is one: a partial run keeps its own beside them. */
function previousResults(): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(projectPath('bench/results.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function machine() {
  return `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load generator on the same machine`;
}

const verdict = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? 'PASS' : 'FAIL');

function printLoads(loads: LoadResult[]) {
  console.log('\n| endpoint | req/s | p50 ms | p99 ms | non-2xx | CPU ms/answer (process + PostgreSQL) | ratio to floor | ratio to same-work floor | budget | | load average |');
  console.log('|---|---:|---:|---:|---:|---:|---|---|---|---|---:|');
  for (const row of loads) {
    const ratio = row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}× ${row.floor}`;
    const sameWork = row.sameWorkRatio === undefined ? '' : `${row.sameWorkRatio.toFixed(2)}×`;
    const cpu = [row.cpuMsPerRequest, row.databaseCpuMsPerRequest].map((ms) => (ms === undefined ? '–' : ms.toFixed(2))).join(' + ');
    console.log(`| ${row.name} | ${row.reqPerSec} | ${row.p50} | ${row.p99} | ${row.non2xx + row.errors} | ${cpu} | ${ratio} | ${sameWork} | ${row.budget} | ${verdict(row.pass)} | ${row.loadAverage.toFixed(1)} |`);
  }
}

function printTable(results: {
  loads: LoadResult[];
  jobs: unknown;
  registryLookup: unknown;
  aiDraft: unknown;
  grantsForYou?: Awaited<ReturnType<typeof grantsForYouRanking>>;
  assessment?: AssessmentLineResult;
  coEditing?: LatencyResult;
  coEditingTwoProcesses?: LatencyResult;
  coEditingPushCost?: PushCostResult;
  client: { pages: Record<string, { jsGzipBytes: number; cssGzipBytes: number; htmlGzipBytes: number; pass: boolean }> };
  lighthouse: Awaited<ReturnType<typeof lighthouseScores>>;
  totalSeconds: number;
}) {
  if (results.loads.length > 0) printLoads(results.loads);
  console.log('\n| first visit | JS gzip | CSS gzip | HTML gzip | budget ≤ 135 KB JS | |');
  console.log('|---|---:|---:|---:|---|---|');
  for (const [page, sizes] of Object.entries(results.client.pages)) {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`| ${page} | ${kb(sizes.jsGzipBytes)} | ${kb(sizes.cssGzipBytes)} | ${kb(sizes.htmlGzipBytes)} | | ${verdict(sizes.pass)} |`);
  }
  console.log('\n| Lighthouse, mobile | performance (median; runs) | FCP | LCP | TBT | CLS | budget ≥ 95 | |');
  console.log('|---|---|---:|---:|---:|---:|---|---|');
  for (const [page, run] of Object.entries(results.lighthouse.pages)) {
    console.log(`| ${page} | ${run.score} (${run.runs.join(', ')}) | ${run.fcpMs} ms | ${run.lcpMs} ms | ${run.tbtMs} ms | ${run.cls} | | ${verdict(run.pass)} |`);
  }
  if (results.lighthouse.unavailable) console.log(`Lighthouse did not run to the end: ${results.lighthouse.unavailable}`);
  if (results.jobs === null) return;
  console.log(`\njobs (enqueue → processor start): ${JSON.stringify(results.jobs)}`);
  console.log(`registry lookup (request → filled profile, fixture registry): ${JSON.stringify(results.registryLookup)}`);
  console.log(`AI draft (offline drafter): ${JSON.stringify(results.aiDraft)}`);
  if (results.assessment) printAssessmentLine(results.assessment);
  if (results.grantsForYou) console.log(`grants for you (rank ${results.grantsForYou.grants} grants for one company, one SQL statement, p50 ≤ 20 ms): ${JSON.stringify(results.grantsForYou)} ${verdict(results.grantsForYou.pass)}`);
  if (results.coEditing && results.coEditingTwoProcesses && results.coEditingPushCost) {
    printCoEditing({ coEditing: results.coEditing, coEditingTwoProcesses: results.coEditingTwoProcesses, coEditingPushCost: results.coEditingPushCost });
  }
}

/**
 * The co-editing lines (bench/co-editing.ts), every writer on its own live connection: twenty
 * writers in one section on one web process; fifty across two web processes (the second started
 * here, half the writers on each); and the cost of a push by the size of the text.
 */
async function coEditingLines(context: {
  app: string;
  db: ScratchDatabase['db'];
  sections: ReadonlyArray<{ id: string; applicationId: string }>;
  startSecondWeb: () => Promise<string>;
  cpu: CpuMeter;
}) {
  const { app, db, sections } = context;
  step(`co-editing: ${duration} s of 20 writers in one section, one web process`);
  const coEditing = await coEditingLatency([app], db, sections[1]!, { writers: 20, durationSeconds: duration, p99BudgetMs: 150 });
  console.log(`  ${JSON.stringify(coEditing)}`);
  step('starting a second web process');
  const second = await context.startSecondWeb();
  step(`co-editing: ${duration} s of 50 writers in one section, across two web processes`);
  const coEditingTwoProcesses = await coEditingLatency([app, second], db, sections[2]!, { writers: 50, durationSeconds: duration, p99BudgetMs: 300 });
  console.log(`  ${JSON.stringify(coEditingTwoProcesses)}`);
  step('co-editing: the cost of a push by the size of the text');
  const sized = [1_000, 20_000, 100_000].map((chars, index) => ({ ...sections[3 + index]!, chars }));
  await setSectionTexts(db, sized);
  const coEditingPushCost = await pushCost(app, db, sized, context.cpu);
  return { coEditing, coEditingTwoProcesses, coEditingPushCost };
}

function printCoEditing(results: { coEditing: LatencyResult; coEditingTwoProcesses: LatencyResult; coEditingPushCost: PushCostResult }) {
  console.log('\n| co-editing: push → every other writer has the word | writers | web processes | pushes (failed) | deliveries | not delivered | p50 ms | p99 ms | push answered p50 / p99 ms | budget | | load average |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|');
  for (const [name, row] of [
    ['one section, one process', results.coEditing],
    ['one section, two processes', results.coEditingTwoProcesses],
  ] as const) {
    console.log(`| ${name} | ${row.writers} | ${row.webProcesses} | ${row.updates} (${row.failedPushes}) | ${row.deliveries} | ${row.notDelivered} | ${row.p50Ms} | ${row.p99Ms} | ${row.pushP50Ms} / ${row.pushP99Ms} | ${row.budget} | ${verdict(row.pass)} | ${loadNote(row.loadAverage)} |`);
  }
  printPushCost(results.coEditingPushCost);
}

async function cleanUp() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
  await scratch?.drop();
  rmSync(mailDir, { recursive: true, force: true });
}

let exitCode = 0;
// An error thrown in a load generator's callback is not the run's rejection: clean up all the same.
process.once('uncaughtException', (error) => {
  console.error(error);
  void cleanUp().finally(() => process.exit(1));
});
try {
  await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
