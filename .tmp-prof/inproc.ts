import superjson from 'superjson';
import { createApp } from '../src/server/app';
import { createApplicationOf, createOpenGrant } from '../tests/integration/company-fixtures';
import { createTestServices } from '../tests/integration/harness';

const services = await createTestServices({ NODE_ENV: 'production', LOG_LEVEL: 'warn' } as Record<string, string>);
const app = createApp(services);
const { grantId, grantSectionId } = await createOpenGrant(services, { slug: 'p', fund: 'F', grant: 'G' });
const { owner, applicationId } = await createApplicationOf(services, { grantId, grantSectionId }, { company: 'C', application: 'A' });
const q = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
const urls: Record<string, string> = {
  me: 'http://127.0.0.1/trpc/auth.me',
  overview: `http://127.0.0.1/trpc/applications.get${q({ applicationId })}`,
  dashboard: `http://127.0.0.1/trpc/applications.list${q({})}`,
};
const headers = { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'gzip, deflate, br' };
for (const [name, url] of Object.entries(urls)) {
  const run = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      const r = await app.fetch(new Request(url, { headers }));
      if (r.status !== 200) throw new Error(`${name} ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    }
  };
  await run(2000);
  const n = Number(process.env.N ?? 5000);
  const before = process.cpuUsage();
  await run(n);
  const used = process.cpuUsage(before);
  console.log(name, ((used.user + used.system) / 1000 / n).toFixed(3), 'ms CPU per call (in process, sequential)');
}
await services.close();
process.exit(0);
