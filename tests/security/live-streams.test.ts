// A live-update stream (/api/events) never outlives the right to read it: sign-out, the session's expiry, removal
// from a project and a role change end the affected streams at once, not at the next heartbeat (25 s later). Using
// the session (its last-seen time refreshed) is not one of them.
import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/server/auth/secrets";
import { sessions, users } from "../../src/server/db/schema";
import { LIVE_LIMITS } from "../../src/server/live/hub";
import { httpRequest } from "../setup/http";
import { signIn } from "../setup/test-app";
import { startWorld, type World } from "./fixture";

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

type OpenStream = {
  ended: Promise<void>;
  isOpen(): boolean;
  close(): void;
  /** Whether an event naming `tag` came before the stream ended (15 s is a safety net, not a speed bound). */
  hears(tag: string): Promise<boolean>;
};

function openStream(cookie: string): Promise<OpenStream> {
  const url = new URL(w.url);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: url.hostname, port: url.port, path: "/api/events", headers: { cookie, accept: "text/event-stream" }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        let open = true;
        const ended = new Promise<void>((done) => {
          const finish = () => {
            open = false;
            done();
          };
          response.on("end", finish);
          response.on("close", finish);
          response.on("error", finish);
        });
        let received = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          received += chunk;
        });
        const hears = async (tag: string) => {
          const deadline = Date.now() + 15_000;
          while (!received.includes(`"${tag}"`)) {
            if (!open || Date.now() > deadline) return false;
            await new Promise((wake) => setTimeout(wake, 20));
          }
          return true;
        };
        resolve({ ended, isOpen: () => open, close: () => request.destroy(), hears });
      },
    );
    request.on("error", reject);
  });
}

/** Well under the heartbeat: a stream that ends within this ended because of the change, not the periodic check. */
const PROMPTLY_MS = 5_000;
expect(PROMPTLY_MS).toBeLessThan(LIVE_LIMITS.heartbeatMs);

async function endsPromptly(stream: OpenStream): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), PROMPTLY_MS));
  const ended = await Promise.race([stream.ended.then(() => true as const), timeout]);
  stream.close();
  return ended;
}

/** Alice posts on her project: the stream, still open, hears it. */
async function expectStillHearsAlicesProject(stream: OpenStream): Promise<void> {
  const posted = await httpRequest(w.url, {
    method: "POST",
    path: `/api/projects/${w.alice.projectId}/communications`,
    body: { type: "message", subject: "Still live?", content: "Written after the stream's session or user changed." },
    cookie: w.alice.cookie,
  });
  expect(posted.status, posted.text).toBe(201);
  expect(await stream.hears(`communications.project_id:${w.alice.projectId}`)).toBe(true);
  expect(stream.isOpen()).toBe(true);
  stream.close();
}

const sessionIdOf = (cookie: string) => sha256Hex(cookie.split("=")[1] ?? "");

describe("live streams end with the right to read them", () => {
  it("sign-out ends the stream of that session (and not another session's)", async () => {
    const cookie = await signIn(w.server.app, w.alice.email);
    const other = await openStream(w.alice.cookie);
    const stream = await openStream(cookie);
    const out = await httpRequest(w.url, { method: "POST", path: "/api/auth/logout", cookie });
    expect(out.status).toBe(200);
    expect(await endsPromptly(stream)).toBe(true);
    expect(other.isOpen()).toBe(true);
    other.close();
  });

  it("a session used again a minute later keeps its stream, which still hears the next change", async () => {
    const cookie = await signIn(w.server.app, w.alice.email);
    const stream = await openStream(cookie);
    // As if the tab had been open a while: the session was last seen two minutes ago, so its next request refreshes it.
    const thisSession = eq(sessions.id, sessionIdOf(cookie));
    await w.server.app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 120_000) })
      .where(thisSession);
    await w.server.app.changeFeed.caughtUp();
    expect((await httpRequest(w.url, { path: "/api/auth/user", cookie })).status).toBe(200);
    const [seen] = await w.server.app.ctx.db.select({ at: sessions.lastSeenAt }).from(sessions).where(thisSession);
    expect(Date.now() - (seen?.at.getTime() ?? 0)).toBeLessThan(60_000);
    await w.server.app.changeFeed.caughtUp();

    await expectStillHearsAlicesProject(stream);
  });

  it("signing in elsewhere and saving one's time zone keep the user's streams, which still hear the next change", async () => {
    const stream = await openStream(w.alice.cookie);
    await signIn(w.server.app, w.alice.email);
    const saved = await httpRequest(w.url, {
      method: "PUT",
      path: "/api/me/time-zone",
      body: { timeZone: "Asia/Tokyo" },
      cookie: w.alice.cookie,
    });
    expect(saved.status, saved.text).toBe(200);
    await w.server.app.changeFeed.caughtUp();
    await expectStillHearsAlicesProject(stream);
  });

  it("the session's expiry ends the stream when it comes", async () => {
    const cookie = await signIn(w.server.app, "expiring-stream@customer-a.example");
    await w.server.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1_500) })
      .where(eq(sessions.id, sessionIdOf(cookie)));
    await w.server.app.changeFeed.caughtUp();
    const stream = await openStream(cookie);
    expect(stream.isOpen()).toBe(true);
    expect(await endsPromptly(stream)).toBe(true);
  });

  it("removal from a project ends the removed member's streams", async () => {
    const email = "dora@customer-a.example";
    const cookie = await signIn(w.server.app, email, "Dora Dell");
    const added = await httpRequest(w.url, {
      method: "POST",
      path: `/api/projects/${w.alice.projectId}/users`,
      body: { email, accessLevel: "view_only" },
      cookie: w.alice.cookie,
    });
    expect(added.status, added.text).toBe(201);
    const stream = await openStream(cookie);
    const owners = await openStream(w.alice.cookie);
    const removed = await httpRequest(w.url, {
      method: "DELETE",
      path: `/api/projects/${w.alice.projectId}/users/${added.json().id}`,
      cookie: w.alice.cookie,
    });
    expect(removed.status, removed.text).toBe(200);
    expect(await endsPromptly(stream)).toBe(true);
    expect(owners.isOpen()).toBe(true);
    owners.close();
  });

  it("a role change ends every stream of that user", async () => {
    const email = "role-change@customer-c.example";
    const tab = await signIn(w.server.app, email, "Ro Le");
    const otherTab = await signIn(w.server.app, email, "Ro Le");
    const stream = await openStream(tab);
    // As if ADMIN_EMAILS had listed them when they signed in: their next request finds the role no longer fits.
    await w.server.app.ctx.db.update(users).set({ role: "company" }).where(eq(users.email, email));
    await w.server.app.changeFeed.caughtUp();
    const res = await httpRequest(w.url, { path: "/api/auth/user", cookie: otherTab });
    expect(res.status).toBe(401);
    expect(await endsPromptly(stream)).toBe(true);
  });
});
