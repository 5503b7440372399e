/**
 * A stand-in for the public CVR API (cvrapi.dk), Brønnøysund's Enhetsregisteret and PRH's YTJ open
 * data for the end-to-end app: the app's worker talks real HTTP to it (`REGISTRY=cvrapi`,
 * `REGISTRY_URL=http://127.0.0.1:<port>/api`, `BRREG_URL` and `PRH_URL` = `http://127.0.0.1:<port>`).
 *
 * - `GET /api?search=<cvr>&country=dk` answers the sample company (200) or 404 for an unknown number.
 * - `GET /enhetsregisteret/api/enheter/<orgnr>` answers the Norwegian sample unit or 404.
 * - `GET /opendata-ytj-api/v3/companies?businessId=<id>` answers the Finnish sample company or 404.
 * - `POST /__mode` with the body `ok` or `fail`: while `fail`, every lookup answers 500 (so jobs
 *   retry and finally fail — the admin job monitor's tests use this). Answers the mode now set.
 */
import { createServer, type Server } from 'node:http';
import { findSampleBrregUnit, findSampleCompany, findSamplePrhCompany } from '../../src/server/integrations/registry/sample-companies';

export async function startRegistryStandIn(port: number, host = '127.0.0.1'): Promise<{ url: string; baseUrl: string; close(): Promise<void> }> {
  let mode: 'ok' | 'fail' = 'ok';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`);
    if (request.method === 'POST' && url.pathname === '/__mode') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const next = body.trim();
        if (next !== 'ok' && next !== 'fail') {
          response.writeHead(400, { 'content-type': 'text/plain' });
          response.end('mode must be ok or fail');
          return;
        }
        mode = next;
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(mode);
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/api') {
      if (mode === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'INTERNAL_ERROR', message: 'stand-in set to fail' }));
        return;
      }
      const record = findSampleCompany(url.searchParams.get('search') ?? '');
      response.writeHead(record ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(record ?? { error: 'NOT_FOUND', message: 'No company found' }));
      return;
    }
    const norwegian = /^\/enhetsregisteret\/api\/enheter\/(\d{9})$/.exec(url.pathname);
    const finnish = url.pathname === '/opendata-ytj-api/v3/companies';
    if (request.method === 'GET' && (norwegian || finnish)) {
      if (mode === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'stand-in set to fail' }));
        return;
      }
      const unit = norwegian ? findSampleBrregUnit(norwegian[1]!) : undefined;
      const company = finnish ? findSamplePrhCompany(url.searchParams.get('businessId') ?? '') : undefined;
      const body = unit ?? (company ? { totalResults: 1, companies: [company] } : undefined);
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body ?? { message: 'not found' }));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    url: `http://${host}:${port}/api`,
    baseUrl: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
