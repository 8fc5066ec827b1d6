// The prototype frame check as a request forger: a prototype URL (or a redirect) pointing at the server's own network
// must not be fetched unless its origin is listed in PROTOTYPE_FRAME_ORIGINS, and the answer for a refused address is
// the same as for an unreachable one. Every server here listens on 127.0.0.1; no other address is ever contacted.
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../src/server/db/schema";
import { FRAME_CHECK_LIMIT } from "../../src/server/features/feedback/check-prototype-frame";
import { isPublicAddress } from "../../src/server/http/public-fetch";
import { type Customer, customer, newProject } from "../factories";
import { freePort } from "../setup/free-port";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let owner: Customer;
let projectId: string;
/** A "metadata service" nobody listed: it counts every TCP connection, so even a refused TLS hello shows. */
let internal: Server;
let internalPort: number;
let internalConnections = 0;
/** The operator's own listed prototype host, which redirects wherever the test asks. */
let listed: Server;
let listedOrigin: string;
let closedPort: number;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

beforeAll(async () => {
  internal = createServer((_req, res) => res.end('{"AccessKeyId":"secret"}'));
  internal.on("connection", () => internalConnections++);
  internalPort = await listen(internal);
  listed = createServer((req, res) => {
    const target = new URL(req.url ?? "/", "http://x").searchParams.get("to");
    if (target) res.writeHead(302, { location: target }).end();
    else res.writeHead(200, { "x-frame-options": "DENY" }).end("prototype");
  });
  listedOrigin = `http://127.0.0.1:${await listen(listed)}`;
  closedPort = await freePort();
  t = await createTestApp({ PROTOTYPE_FRAME_ORIGINS: listedOrigin });
  owner = await customer(t.app, "frames@customer.example", "Fran Frames");
  projectId = (await newProject(t.app, owner)).id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => internal?.close(resolve));
  await new Promise((resolve) => listed?.close(resolve));
});

async function checkOf(prototypeUrl: string, who: Customer = owner, project = projectId) {
  await t.app.ctx.db.update(projects).set({ prototypeUrl }).where(eq(projects.id, project));
  // The project is read through the read caches: wait until they have seen the change.
  await t.app.changeFeed.caughtUp();
  return t.app.inject({ method: "GET", url: `/api/projects/${project}/prototype/frame-check`, headers: { cookie: who.cookie } });
}

const UNREACHABLE = { reachable: false, frameable: true, reason: "unreachable" };

describe("the frame check never reaches the server's own network", () => {
  it("fetches a listed origin (control: the check does fetch)", async () => {
    expect((await checkOf(`${listedOrigin}/`)).json()).toEqual({ reachable: true, frameable: false, reason: "x-frame-options" });
  });

  it.each([
    ["a loopback address", () => `http://127.0.0.1:${internalPort}/latest/meta-data`],
    ["a host name resolving to loopback", () => `http://localhost:${internalPort}/`],
    ["an IPv4-mapped IPv6 loopback", () => `http://[::ffff:127.0.0.1]:${internalPort}/`],
    ["https on a loopback host", () => `https://localhost:${internalPort}/`],
  ])("refuses %s that nobody listed, and answers like an unreachable host", async (_name, url) => {
    const res = await checkOf(url());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(UNREACHABLE);
    expect(internalConnections).toBe(0);
  });

  it("follows a redirect only to https, and checks every hop again", async () => {
    const toHttp = `${listedOrigin}/?to=${encodeURIComponent(`http://127.0.0.1:${internalPort}/latest/meta-data`)}`;
    expect((await checkOf(toHttp)).json()).toEqual(UNREACHABLE);
    const toHttpsLoopback = `${listedOrigin}/?to=${encodeURIComponent(`https://localhost:${internalPort}/`)}`;
    expect((await checkOf(toHttpsLoopback)).json()).toEqual(UNREACHABLE);
    expect(internalConnections).toBe(0);
  });

  it("tells nothing: a refused address answers exactly like a closed port of a listed host", async () => {
    const closed = await createTestApp({ PROTOTYPE_FRAME_ORIGINS: `http://127.0.0.1:${closedPort}` });
    try {
      const who = await customer(closed.app, "closed@customer.example");
      const project = (await newProject(closed.app, who)).id;
      await closed.app.ctx.db
        .update(projects)
        .set({ prototypeUrl: `http://127.0.0.1:${closedPort}/` })
        .where(eq(projects.id, project));
      await closed.app.changeFeed.caughtUp();
      const unreachable = await closed.app.inject({
        method: "GET",
        url: `/api/projects/${project}/prototype/frame-check`,
        headers: { cookie: who.cookie },
      });
      expect(unreachable.json()).toEqual((await checkOf(`http://127.0.0.1:${internalPort}/`)).json());
    } finally {
      await closed.close();
    }
  });

  it("classifies special-purpose addresses as not public", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.100.100.200",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.0.1",
      "198.18.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:10.0.0.1",
      // An IPv4 address inside IPv6, mapped or in the old IPv4-compatible form, written in hex or dotted.
      "::7f00:1",
      "::ffff:7f00:1",
      "::ffff:127.0.0.1",
      "::127.0.0.1",
      "::a9fe:a9fe",
      "::c0a8:101",
      "64:ff9b::a9fe:a9fe",
      "2002:a9fe:a9fe::1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress("93.184.215.14")).toBe(true);
    expect(isPublicAddress("2606:4700:4700::1111")).toBe(true);
    expect(isPublicAddress("::ffff:93.184.215.14")).toBe(true);
  });
});

describe("throttling", () => {
  it(`allows one user ${FRAME_CHECK_LIMIT.max} checks in ${FRAME_CHECK_LIMIT.windowSeconds / 60} minutes, then 429 with Retry-After`, async () => {
    const busy = await customer(t.app, "busy-frames@customer.example");
    const project = (await newProject(t.app, busy)).id;
    const url = `${listedOrigin}/`;
    for (let i = 0; i < FRAME_CHECK_LIMIT.max; i++) expect((await checkOf(url, busy, project)).statusCode).toBe(200);
    const refused = await checkOf(url, busy, project);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.any(String) });
  });
});
