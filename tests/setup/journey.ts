// What a browser journey starts from: the real server on a fresh test database (with an in-process SMTP server when
// the journey reads emails) and the file's Chromium; for the journeys about one project, also a customer past the
// profile and NDA with the project ClinicFlow, the company's admin, a signed-in browser context for each, and the
// ClinicFlow prototype site the team publishes versions of. A file starts one in beforeAll and closes it in afterAll.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { projects, requirements } from "../../src/server/db/schema";
import { createCompletedProfile, json, newProject, type SignedInUser, signedInUser } from "../factories";
import { launchBrowser, signInContext } from "./browser";
import { startPrototypeSite } from "./prototype-site";
import { DESKTOP } from "./screen-checks";
import { startSmtpServer, type TestSmtpServer } from "./smtp";
import { startTestServer, type TestServer } from "./test-server";

type Env = Record<string, string>;

export type Journey = { server: TestServer; browser: Browser; close(): Promise<void> };
export type MailJourney = Journey & { smtp: TestSmtpServer };

/** The company's admin most journeys sign in as. */
export const ADMIN = { email: "admin@blueprint.local", name: "Ada Admin", role: "company" } as const;

type Closers = { add<T extends { close(): Promise<unknown> }>(opened: T): T };

/** Runs a start-up that registers what it opens; closing (or a start-up that throws) closes those, last opened first. */
async function opening<T>(start: (open: Closers) => Promise<T>): Promise<T & { close(): Promise<void> }> {
  const opened: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closeOne of opened.splice(0).reverse()) await closeOne();
  };
  const open: Closers = {
    add(thing) {
      opened.push(() => thing.close());
      return thing;
    },
  };
  try {
    return { ...(await start(open)), close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function openServerAndBrowser(open: Closers, options: { smtp?: boolean; env?: Env }) {
  const smtp = options.smtp ? open.add(await startSmtpServer()) : undefined;
  const server = open.add(await startTestServer({ ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options.env }));
  const browser = open.add(await launchBrowser());
  return { smtp, server, browser };
}

/** The test server (its config overridden by `env`; SMTP_URL pointing at a fresh SMTP server with `smtp`) and Chromium. */
export function startJourney(options: { smtp: true; env?: Env }): Promise<MailJourney>;
export function startJourney(options?: { env?: Env }): Promise<Journey>;
export function startJourney(options: { smtp?: boolean; env?: Env } = {}): Promise<Journey | MailJourney> {
  return opening(async (open) => {
    const { smtp, server, browser } = await openServerAndBrowser(open, options);
    return smtp ? { smtp, server, browser } : { server, browser };
  });
}

export type ProjectJourneyOptions = {
  owner: { email: string; name: string };
  /** Columns set on the project once created (its name is ClinicFlow unless set here). */
  project?: Partial<typeof projects.$inferInsert>;
  /** The project's requirements with the brief confirmed (and its generated Markdown when given); none when omitted. */
  confirmedBrief?: { generatedBrief?: string };
  /** Over a 1280×900 viewport: the customer's context (its time zone, downloads). */
  customerContext?: BrowserContextOptions;
  /** Over a 1280×900 viewport: the admin's context. */
  adminContext?: BrowserContextOptions;
};

export type ProjectJourney = Journey & {
  /** The ClinicFlow prototype site, which the portal may frame. */
  prototypeUrl: string;
  owner: SignedInUser;
  admin: SignedInUser;
  projectId: string;
  projectCode: string;
  customerContext: BrowserContext;
  /** A page in the customer's context, not yet navigated. */
  page: Page;
  adminContext: BrowserContext;
  /** A JSON request as the admin (from the portal's own origin), as the console sends it. */
  asAdmin(method: "POST" | "PATCH", url: string, payload: unknown): Promise<LightMyRequestResponse>;
};

export function startProjectJourney(options: ProjectJourneyOptions): Promise<ProjectJourney> {
  return opening(async (open) => {
    const prototype = open.add(await startPrototypeSite());
    const { server, browser } = await openServerAndBrowser(open, { env: { PROTOTYPE_FRAME_ORIGINS: prototype.url } });
    const owner = await signedInUser(server.app, options.owner);
    const admin = await signedInUser(server.app, ADMIN);
    const db = server.app.ctx.db;
    await createCompletedProfile(db, { userId: owner.userId, fullName: options.owner.name, ndaStatus: "approved" });
    const { id: projectId, projectCode } = await newProject(server.app, owner);
    await db
      .update(projects)
      .set({ projectName: "ClinicFlow", ...options.project })
      .where(eq(projects.id, projectId));
    if (options.confirmedBrief) {
      await db.insert(requirements).values({
        projectId,
        projectName: "ClinicFlow",
        problemStatement: "Bookings by phone take hours.",
        ...options.confirmedBrief,
        briefConfirmed: true,
        briefConfirmedAt: new Date(),
      });
    }
    const customerContext = await browser.newContext({ viewport: DESKTOP, ...options.customerContext });
    await signInContext(customerContext, server, owner);
    const page = await customerContext.newPage();
    const adminContext = await browser.newContext({ viewport: DESKTOP, ...options.adminContext });
    await signInContext(adminContext, server, admin);
    const asAdmin = (method: "POST" | "PATCH", url: string, payload: unknown) =>
      server.app.inject({
        method,
        url,
        payload: payload as Record<string, unknown>,
        headers: { cookie: admin.cookie, ...json, origin: server.url },
      });
    return {
      server,
      browser,
      prototypeUrl: prototype.url,
      owner,
      admin,
      projectId,
      projectCode,
      customerContext,
      page,
      adminContext,
      asAdmin,
    };
  });
}
