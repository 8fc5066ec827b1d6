// Several built portal processes on one PostgreSQL behind nginx (Debian's package): used by `npm run cluster`,
// the cross-process test and the 1-vs-2-process benchmark.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../../tests/setup/free-port";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export type PortalProcess = { port: number; child: ChildProcess; stop(signal?: NodeJS.Signals): Promise<number | null> };
export type Cluster = {
  url: string;
  processes: PortalProcess[];
  /** Starts one more portal process and adds nothing to nginx: the upstream list is fixed at start. */
  restart(index: number): Promise<void>;
  close(): Promise<void>;
};

export type ClusterOptions = {
  databaseUrl: string;
  processes: number;
  /** Port nginx listens on; a free one when omitted. */
  port?: number;
  env?: Record<string, string>;
  log?: "inherit" | "ignore";
};

/** Installs nginx from Debian's packages when it is missing (the script runs as root on CI machines). */
export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  console.log("nginx is missing: installing Debian's package");
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx-light"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/**
 * The load balancer's configuration. Requests go round-robin. Only a request that never reached a process (connection
 * refused) or an idempotent one (GET, HEAD, PUT, DELETE...) that got a 503 is passed to the next process: a POST or
 * PATCH is never retried, because the app also answers 503 for a database error that may come after its commit (a
 * retry could apply it twice). A process being restarted is marked `down` first, so nothing new reaches it while it
 * drains. Server-Sent Events pass unbuffered.
 */
export function nginxConfig(options: { dir: string; port: number; upstreamPorts: number[]; down?: number[] }): string {
  const servers = options.upstreamPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s${options.down?.includes(port) ? " down" : ""};`)
    .join("\n");
  return `daemon off;
worker_processes 1;
pid ${options.dir}/nginx.pid;
error_log ${options.dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${options.dir}/body;
  proxy_temp_path ${options.dir}/proxy;
  fastcgi_temp_path ${options.dir}/fastcgi;
  uwsgi_temp_path ${options.dir}/uwsgi;
  scgi_temp_path ${options.dir}/scgi;
  client_max_body_size 25m;
  upstream portal {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${options.port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error http_503;
      proxy_next_upstream_tries 3;
    }
    location = /api/events {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

async function waitForReady(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the portal process on port ${port} exited during start-up`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the portal process on port ${port} did not become ready`);
}

function startPortal(port: number, appUrl: string, options: ClusterOptions): PortalProcess {
  const child = spawn(process.execPath, ["--input-type=module", "-e", "await import(process.env.BP_SERVER_ENTRY)"], {
    env: {
      ...process.env,
      BP_SERVER_ENTRY: pathToFileURL(path.resolve("dist/server/main.js")).href,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: appUrl,
      DATABASE_URL: options.databaseUrl,
      TRUST_PROXY: "127.0.0.1",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...options.env,
    },
    stdio: ["ignore", options.log ?? "inherit", options.log ?? "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    port,
    child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  ensureNginx();
  const port = options.port ?? (await freePort());
  const appUrl = `http://localhost:${port}`;
  const ports: number[] = [];
  for (let i = 0; i < options.processes; i++) ports.push(await freePort());
  // The first process applies the migrations alone; the others then find them done.
  const processes: PortalProcess[] = [];
  for (const [index, upstreamPort] of ports.entries()) {
    const portal = startPortal(upstreamPort, appUrl, options);
    processes.push(portal);
    if (index === 0) await waitForReady(upstreamPort, portal.child);
  }
  await Promise.all(processes.map((portal) => waitForReady(portal.port, portal.child)));

  const dir = mkdtempSync(path.join(tmpdir(), "bp-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(configFile, nginxConfig({ dir, port, upstreamPorts: ports }));
  // nginx starts new workers with the new configuration and lets the old ones finish: give it a moment to switch.
  const reloadNginx = async (down: number[]) => {
    writeFileSync(configFile, nginxConfig({ dir, port, upstreamPorts: ports, down }));
    nginx.kill("SIGHUP");
    await new Promise((resolve) => setTimeout(resolve, 500));
  };
  const nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (i > 80 || nginx.exitCode !== null) throw new Error(`nginx did not start (see ${dir}/error.log)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    processes,
    async restart(index) {
      const old = processes[index];
      if (!old) throw new Error(`no portal process ${index}`);
      // Out of rotation first (nginx reloads its configuration gracefully), then SIGTERM: the process drains (its
      // /readyz answers 503) and finishes what it holds; back in rotation once the new one is ready.
      await reloadNginx([old.port]);
      await old.stop();
      const portal = startPortal(old.port, appUrl, options);
      processes[index] = portal;
      await waitForReady(portal.port, portal.child);
      await reloadNginx([]);
    },
    async close() {
      await Promise.all(processes.map((portal) => portal.stop()));
      nginx.kill("SIGQUIT");
      await new Promise((resolve) => (nginx.exitCode === null ? nginx.once("exit", resolve) : resolve(null)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
