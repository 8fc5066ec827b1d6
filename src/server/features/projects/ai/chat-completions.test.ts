// The AI brief against a small local server that speaks the chat-completions protocol: success, timeout, errors.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customer, GOOD_ANSWERS, json, newProject, saveAnswers } from "../../../../../tests/factories";
import { createTestApp, type TestApp } from "../../../../../tests/setup/test-app";

type Behaviour = "success" | "hang" | "error" | "flaky" | "unauthorized";

let server: Server;
let baseUrl: string;
let behaviour: Behaviour = "success";
let calls: { authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
const hanging = new Set<ServerResponse>();

const MODEL_BRIEF = "```markdown\n# ClinicFlow\n\n## 1. Executive summary\n\nWritten by the model.\n```";

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  calls.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
  if (req.url !== "/v1/chat/completions" || req.method !== "POST")
    return reply(res, 404, { error: { message: "unknown route" } });
  const ok = {
    id: "cmpl-1",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content: MODEL_BRIEF }, finish_reason: "stop" }],
  };
  switch (behaviour) {
    case "success":
      return reply(res, 200, ok);
    case "hang":
      hanging.add(res);
      return;
    case "error":
      return reply(res, 500, { error: { message: "model overloaded" } });
    case "flaky":
      return calls.length === 1 ? reply(res, 503, { error: { message: "warming up" } }) : reply(res, 200, ok);
    case "unauthorized":
      return reply(res, 401, { error: { message: "Incorrect API key provided" } });
  }
}

let t: TestApp;
/** What the server logged, one JSON line each. */
const logLines: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await createTestApp(
    { AI_BASE_URL: baseUrl, AI_API_KEY: "sk-test", AI_MODEL: "brief-model", AI_TIMEOUT_MS: "1500", LOG_LEVEL: "info" },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  calls = [];
});

async function savedProject(email: string) {
  const owner = await customer(t.app, email);
  const project = await newProject(t.app, owner);
  await saveAnswers(t.app, { projectId: project.id, cookie: owner.cookie });
  calls = [];
  return { owner, project };
}

const generate = (id: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url: `/api/projects/${id}/requirements/generate`, payload, headers: { cookie, ...json } });

describe("the AI brief through a chat-completions service", () => {
  it("sends the answers to the configured model with the API key and stores the model's Markdown", async () => {
    behaviour = "success";
    const { owner, project } = await savedProject("ai-success@example.com");
    const res = await generate(project.id, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      generatedBrief: "# ClinicFlow\n\n## 1. Executive summary\n\nWritten by the model.",
      briefGeneratedBy: "ai:brief-model",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBe("Bearer sk-test");
    expect(calls[0]?.body.model).toBe("brief-model");
    const userMessage = calls[0]?.body.messages.find((m) => m.role === "user")?.content ?? "";
    expect(userMessage).toContain(GOOD_ANSWERS.problemStatement);
    expect(userMessage).toContain("BASIC");
  });

  it("gives up after a timeout and one retry, tells the user, and keeps the previous brief", async () => {
    behaviour = "success";
    const { owner, project } = await savedProject("ai-timeout@example.com");
    await generate(project.id, owner.cookie);
    behaviour = "hang";
    calls = [];
    const res = await generate(project.id, owner.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: "AI_UNAVAILABLE" });
    expect(res.json().message).toContain("did not answer within");
    expect(res.json().message).toContain("built-in composer");
    expect(calls).toHaveLength(2);
    const stored = await t.app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/requirements`,
      headers: { cookie: owner.cookie },
    });
    expect(stored.json().briefGeneratedBy).toBe("ai:brief-model");
  });

  it("reports a server error after one retry, without silently using the built-in composer", async () => {
    behaviour = "error";
    const { owner, project } = await savedProject("ai-error@example.com");
    const res = await generate(project.id, owner.cookie);
    expect(res.statusCode).toBe(502);
    // The customer reads a plain message; the provider's own text goes to the log only.
    expect(res.json().message).toBe(
      "The AI service is not available right now. Try again later, or write the brief with the built-in composer instead.",
    );
    expect(res.body).not.toContain("model overloaded");
    expect(logLines.some((line) => line.includes("HTTP 500: model overloaded"))).toBe(true);
    expect(calls).toHaveLength(2);
    const stored = await t.app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/requirements`,
      headers: { cookie: owner.cookie },
    });
    expect(stored.json().generatedBrief).toBeNull();
  });

  it("succeeds when the retry succeeds", async () => {
    behaviour = "flaky";
    const { owner, project } = await savedProject("ai-flaky@example.com");
    const res = await generate(project.id, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it("does not retry a refused request (a wrong API key)", async () => {
    behaviour = "unauthorized";
    const { owner, project } = await savedProject("ai-refused@example.com");
    const res = await generate(project.id, owner.cookie);
    expect(res.statusCode).toBe(502);
    // The answer says nothing of the service's refusal; its request id is random and may hold "401" by chance.
    const { requestId, ...answer } = res.json();
    expect(Object.keys(answer).sort()).toEqual(["code", "message"]);
    expect(answer.code).toBe("AI_UNAVAILABLE");
    expect(answer.message).not.toContain("Incorrect API key");
    expect(answer.message).not.toContain("401");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLines.some((line) => line.includes("Incorrect API key provided"))).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it("writes the brief with the built-in composer when the user chooses it", async () => {
    behaviour = "error";
    const { owner, project } = await savedProject("ai-choose-builtin@example.com");
    const res = await generate(project.id, owner.cookie, { generator: "builtin" });
    expect(res.statusCode).toBe(200);
    expect(res.json().briefGeneratedBy).toBe("builtin");
    expect(res.json().generatedBrief).toContain("## 1. Executive summary");
    expect(calls).toHaveLength(0);
  });
});

describe("limits on AI generation", () => {
  it("lets one user ask the AI service for 10 briefs an hour, then answers 429 without calling it", async () => {
    behaviour = "success";
    const { owner, project } = await savedProject("ai-limit@example.com");
    for (let i = 0; i < 10; i++) expect((await generate(project.id, owner.cookie)).statusCode).toBe(200);
    calls = [];
    const refused = await generate(project.id, owner.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
    // The built-in composer costs no AI call and stays available.
    expect((await generate(project.id, owner.cookie, { generator: "builtin" })).statusCode).toBe(200);
  });
});
