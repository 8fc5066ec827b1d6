// A conversation to reply to by email: a customer's thread on their project and the reply address its emails carry.
import type { FastifyInstance } from "fastify";
import { replyAddress } from "../../src/server/email/reply-address";
import type { CommunicationId } from "../../src/shared/domain/ids";
import { type Customer, customer, json, newProject } from "../factories";

/** Olga Owner (owner@customer-a.example) opens the thread "Invoice"; `to` is its reply address for her on `domain`. */
export async function customerThread(
  app: FastifyInstance,
  domain: string,
): Promise<{ owner: Customer; threadId: CommunicationId; to: string }> {
  const owner = await customer(app, "owner@customer-a.example", "Olga Owner");
  const project = await newProject(app, owner);
  const thread = await app.inject({
    method: "POST",
    url: `/api/projects/${project.id}/communications`,
    payload: { type: "message", subject: "Invoice", content: "Where do we pay?" },
    headers: { cookie: owner.cookie, ...json },
  });
  const threadId: CommunicationId = thread.json().id;
  const to = replyAddress({ secretKey: app.ctx.config.secretKey, domain, threadId, recipient: owner.email });
  return { owner, threadId, to };
}
