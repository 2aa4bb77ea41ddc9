// The built portal served by a real nginx, configured as docs/deploy.md tells a deployer to: a minimal server block
// whose root is the build, plus the include the build wrote (dist/_nginx.conf, tools/deploy.ts). Used by
// `PORTAL_SERVER=nginx npm run start:production` and its end-to-end tests. Needs Debian's nginx and
// libnginx-mod-http-brotli-static.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Why nginx cannot run here, or null when it can. */
export function nginxMissing(): string | null {
  if (!existsSync(NGINX))
    return `nginx is not installed (${NGINX}): apt-get install -y nginx libnginx-mod-http-brotli-static`;
  if (!existsSync(BROTLI_MODULE))
    return `nginx's brotli_static module is not installed: apt-get install -y libnginx-mod-http-brotli-static`;
  return null;
}

/** The server block docs/deploy.md shows, for a build in `root` listening on host:port. */
export function serverBlock(root: string, host: string, port: number): string {
  return `server {
    listen ${host}:${port};
    root ${root};
    include ${join(root, '_nginx.conf')};
}`;
}

export interface Nginx {
  origin: string;
  stop(): Promise<void>;
}

function listening(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, host);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

/** Starts nginx (in the foreground, its files in a folder of its own) serving the build in `root`. */
export async function startNginx(options: { root: string; host: string; port: number }): Promise<Nginx> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const root = resolve(options.root);
  if (!existsSync(join(root, '_nginx.conf')))
    throw new Error(`${root} has no _nginx.conf: build it with npm run build (tools/deploy.ts writes it).`);
  const prefix = mkdtempSync(join(tmpdir(), 'sm-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const config = join(prefix, 'nginx.conf');
  writeFileSync(
    config,
    `load_module ${BROTLI_MODULE};
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'logs/error.log')} warn;
events {}
http {
    access_log off;
    client_body_temp_path ${join(prefix, 'body')};
    ${serverBlock(root, options.host, options.port).replaceAll('\n', '\n    ')}
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!(await listening(options.host, options.port))) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      const log = existsSync(join(prefix, 'logs/error.log'))
        ? readFileSync(join(prefix, 'logs/error.log'), 'utf8')
        : '';
      await stop();
      throw new Error(`nginx did not start on ${options.host}:${options.port}:\n${output}${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { origin: `http://${options.host}:${options.port}`, stop };
}
