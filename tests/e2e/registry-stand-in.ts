/**
 * A stand-in for the public CVR API (cvrapi.dk) for the end-to-end app: the app's worker talks
 * real HTTP to it (`REGISTRY=cvrapi`, `REGISTRY_URL=http://127.0.0.1:<port>/api`).
 *
 * - `GET /api?search=<cvr>&country=dk` answers the sample company (200) or 404 for an unknown number.
 * - `POST /__mode` with the body `ok` or `fail`: while `fail`, every lookup answers 500 (so jobs
 *   retry and finally fail — the admin job monitor's tests use this). Answers the mode now set.
 */
import { createServer, type Server } from 'node:http';
import { findSampleCompany } from '../../src/server/integrations/registry/sample-companies';

export async function startRegistryStandIn(port: number, host = '127.0.0.1'): Promise<{ url: string; close(): Promise<void> }> {
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
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    url: `http://${host}:${port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
