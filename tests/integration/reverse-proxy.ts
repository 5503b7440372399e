/**
 * A real nginx (Debian's, installed by `.ci/run` when missing) in front of servers a test starts:
 * started without privileges on free high ports, with its configuration, logs and temporary files
 * in a folder of its own, and stopped by its process id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './harness';

/** The nginx binary, or null when the machine has none. */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) candidates.push(path.join(dir, 'nginx'));
  return candidates.find((candidate): candidate is string => Boolean(candidate) && existsSync(candidate as string)) ?? null;
}

export interface ReverseProxy {
  /** The port nginx listens on (127.0.0.1) for each upstream port, in the order given. */
  ports: number[];
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * nginx proxying each of `upstreamPorts` (on 127.0.0.1) from a port of its own, adding the peer's
 * address to `X-Forwarded-For` as a production configuration does. Resolves once every port
 * accepts connections.
 */
export async function startNginx(binary: string, upstreamPorts: number[]): Promise<ReverseProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-nginx-'));
  // Started as root, nginx's workers run as `nobody`: they must be able to enter the folder.
  chmodSync(dir, 0o755);
  const ports: number[] = [];
  for (let index = 0; index < upstreamPorts.length; index += 1) ports.push(await freePort());
  const servers = upstreamPorts.map(
    (upstream, index) => `
    server {
      listen 127.0.0.1:${ports[index]};
      # The live connection (a WebSocket): the upgrade is passed on, and it may stay quiet for long.
      location /live {
        proxy_pass http://127.0.0.1:${upstream};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection "upgrade";
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_read_timeout 1h;
      }
      location / {
        proxy_pass http://127.0.0.1:${upstream};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header Connection "";
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      }
    }`,
  );
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${servers.join('\n')}
}
`,
  );
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  const failed = exited.then(() => {
    const log = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
    throw new Error(`nginx stopped at start:\n${stderr}\n${log}`);
  });
  // Ready when every port accepts a connection (or nginx has stopped, which fails the start).
  const ready = (async () => {
    for (const port of ports) {
      while (running && !(await accepts(port))) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await Promise.race([ready, failed]);
  failed.catch(() => {});
  return {
    ports,
    async stop() {
      if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
