// The world every security test attacks: a real listening server with a small client build beside a secret file,
// two customers (Alice with a profile, a signed NDA, a project and a member; Bob with nothing of hers), a member and
// an admin, each signed in through the real routes.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { activityEvents, users } from "../../src/server/db/schema";
import { openTeam } from "../factories";
import { expectAppUnchanged } from "../setup/db-state";
import { type HttpRequestOptions, type HttpResponse, httpRequest } from "../setup/http";
import { signNdaFor, submitProfile } from "../setup/onboarding";
import { signIn } from "../setup/test-app";
import { startTestServer, type TestServer } from "../setup/test-server";

/** Content of a file next to the client build: no request may ever return it. */
export const SECRET_OUTSIDE_BUILD = "TOP-SECRET-OUTSIDE-THE-BUILD-7f3a";

export type World = {
  server: TestServer;
  url: string;
  alice: { email: string; cookie: string; userId: string; projectId: string; profileId: string };
  bob: { email: string; cookie: string; userId: string; projectId: string };
  carol: { email: string; cookie: string; memberId: string; notificationId: string };
  admin: { email: string; cookie: string };
  /** A raw HTTP request to the server. */
  send(options: HttpRequestOptions): Promise<HttpResponse>;
  /** The same request as an attack: throws when it changed any row (see expectAppUnchanged). */
  attack(options: HttpRequestOptions): Promise<HttpResponse>;
  close(): Promise<void>;
};

export function fakeClientBuild(): { root: string; clientDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), "bp-security-"));
  const clientDir = path.join(root, "client");
  mkdirSync(path.join(clientDir, "assets"), { recursive: true });
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Blueprint</title><div id=root></div>");
  writeFileSync(path.join(clientDir, "assets", "app-1234.js"), "console.log('app');");
  writeFileSync(path.join(clientDir, "favicon.ico"), Buffer.from([0, 0, 1, 0]));
  writeFileSync(path.join(root, "secret.txt"), SECRET_OUTSIDE_BUILD);
  writeFileSync(path.join(root, "package.json"), `{"secret":"${SECRET_OUTSIDE_BUILD}"}`);
  return { root, clientDir };
}

async function userId(server: TestServer, email: string): Promise<string> {
  const [row] = await server.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function firstProjectId(server: TestServer, cookie: string): Promise<string> {
  const res = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } });
  const id = res.json().items[0]?.id;
  if (!id) throw new Error(`no project: ${res.body}`);
  return id;
}

export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const { root, clientDir } = fakeClientBuild();
  const server = await startTestServer(env, { clientDir });
  const { app } = server;

  const aliceEmail = "alice@customer-a.example";
  const aliceCookie = await signIn(app, aliceEmail, "Alice Archer");
  await submitProfile(app, aliceCookie, { fullName: "Alice Archer", primaryContact: aliceEmail });
  const profileId = await signNdaFor(app, aliceCookie, aliceEmail);
  const aliceProjectId = await firstProjectId(server, aliceCookie);

  const bobEmail = "bob@customer-b.example";
  const bobCookie = await signIn(app, bobEmail, "Bob Baker");
  await submitProfile(app, bobCookie, { fullName: "Bob Baker", primaryContact: bobEmail, company: "Baker Ltd" });
  await signNdaFor(app, bobCookie, bobEmail);
  const bobProjectId = await firstProjectId(server, bobCookie);

  const carolEmail = "carol@customer-a.example";
  const carolCookie = await signIn(app, carolEmail, "Carol Cole");
  await openTeam(app, aliceProjectId);
  const added = await app.inject({
    method: "POST",
    url: `/api/projects/${aliceProjectId}/users`,
    payload: { email: carolEmail, accessLevel: "view_only" },
    headers: { cookie: aliceCookie },
  });
  if (added.statusCode !== 201) throw new Error(`add member failed: ${added.body}`);
  const carolId = await userId(server, carolEmail);
  const [notification] = await app.ctx.db
    .select({ id: activityEvents.id })
    .from(activityEvents)
    .where(eq(activityEvents.userId, carolId));
  if (!notification) throw new Error("carol got no notification");

  const adminEmail = "admin@blueprint.local";
  const adminCookie = await signIn(app, adminEmail, "Site Admin");
  await app.emailWorker.drain();

  const send = (options: HttpRequestOptions) => httpRequest(server.url, options);
  return {
    server,
    url: server.url,
    alice: {
      email: aliceEmail,
      cookie: aliceCookie,
      userId: await userId(server, aliceEmail),
      projectId: aliceProjectId,
      profileId,
    },
    bob: { email: bobEmail, cookie: bobCookie, userId: await userId(server, bobEmail), projectId: bobProjectId },
    carol: { email: carolEmail, cookie: carolCookie, memberId: added.json().id, notificationId: notification.id },
    admin: { email: adminEmail, cookie: adminCookie },
    send,
    attack: (options) => expectAppUnchanged(app, () => send(options)),
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
