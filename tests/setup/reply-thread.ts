// Threads for API tests: a message posted through the real route, a customer's thread on their project, and the
// reply address its emails carry.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { replyAddress } from "../../src/server/email/reply-address";
import type { CommunicationId } from "../../src/shared/domain/ids";
import { type Customer, customer, json, newProject } from "../factories";

/** POST /api/projects/:projectId/communications as `cookie` (projectId "general" for General support): a new thread. */
export function postThread(
  app: FastifyInstance,
  options: { projectId: string; cookie: string; subject: string; content: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `/api/projects/${options.projectId}/communications`,
    payload: { type: "message", subject: options.subject, content: options.content },
    headers: { cookie: options.cookie, ...json },
  });
}

/** A General support thread (no project) started by `cookie`: it must answer 201. Returns the thread's id. */
export async function startGeneralThread(
  app: FastifyInstance,
  options: { cookie: string; subject: string; content: string },
): Promise<string> {
  const started = await postThread(app, { projectId: "general", ...options });
  expect(started.statusCode).toBe(201);
  return started.json().id;
}

/** A customer signed in by code opens a new project and posts the message `thread` in it. */
export async function ownerThread(
  app: FastifyInstance,
  owner: { email: string; name: string },
  thread: { subject: string; content: string },
): Promise<{ owner: Customer; project: { id: string; projectCode: string }; threadId: CommunicationId }> {
  const signedIn = await customer(app, owner.email, owner.name);
  const project = await newProject(app, signedIn);
  const posted = await postThread(app, { projectId: project.id, cookie: signedIn.cookie, ...thread });
  expect(posted.statusCode, posted.body).toBe(201);
  return { owner: signedIn, project, threadId: posted.json().id };
}

/** Olga Owner (owner@customer-a.example) opens the thread "Invoice"; `to` is its reply address for her on `domain`. */
export async function customerThread(
  app: FastifyInstance,
  domain: string,
): Promise<{ owner: Customer; threadId: CommunicationId; to: string }> {
  const { owner, threadId } = await ownerThread(
    app,
    { email: "owner@customer-a.example", name: "Olga Owner" },
    { subject: "Invoice", content: "Where do we pay?" },
  );
  const to = replyAddress({ secretKey: app.ctx.config.secretKey, domain, threadId, recipient: owner.email });
  return { owner, threadId, to };
}
