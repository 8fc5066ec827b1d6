// A client for any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp): one request
// with a timeout, retried once when the failure may be passing (timeout, network, 429, 5xx), then a clear error.

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

type ChatCompletionsConfig = { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number };

export type AiFailure = "timeout" | "network" | "refused" | "unavailable" | "empty";

export class AiServiceError extends Error {
  constructor(
    readonly failure: AiFailure,
    message: string,
    readonly attempts: number,
  ) {
    super(message);
  }
}

const MAX_ATTEMPTS = 2;
const RETRY_PAUSE_MS = 250;

function endpoint(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return base.endsWith("/chat/completions") ? base : `${base}/chat/completions`;
}

function seconds(ms: number): string {
  const value = ms / 1000;
  return value >= 1 ? `${Math.round(value)} s` : `${value.toFixed(1)} s`;
}

async function attempt(config: ChatCompletionsConfig, messages: ChatMessage[]): Promise<string> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  let response: Response;
  try {
    response = await fetch(endpoint(config.baseUrl), {
      method: "POST",
      headers,
      body: JSON.stringify({ model: config.model, messages, temperature: 0.3 }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new AiServiceError("timeout", `The AI service did not answer within ${seconds(config.timeoutMs)}.`, 1);
    }
    throw new AiServiceError("network", "The AI service could not be reached.", 1);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: string }).name;
    const failure = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network";
    throw new AiServiceError(failure, `The AI service did not finish its answer within ${seconds(config.timeoutMs)}.`, 1);
  }
  if (!response.ok) {
    let detail = "";
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string } | string };
      detail = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? "");
    } catch {
      detail = "";
    }
    const passing = response.status === 429 || response.status >= 500;
    const summary = `The AI service answered with an error (HTTP ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ""}).`;
    throw new AiServiceError(passing ? "unavailable" : "refused", summary, 1);
  }
  let content: unknown;
  try {
    const parsed = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] };
    content = parsed.choices?.[0]?.message?.content;
  } catch {
    throw new AiServiceError("unavailable", "The AI service sent an answer that is not valid JSON.", 1);
  }
  if (typeof content !== "string" || !content.trim()) {
    throw new AiServiceError("empty", "The AI service answered without any text.", 1);
  }
  return content;
}

/** Sends the messages and returns the reply text; throws AiServiceError after at most two attempts. */
export async function chatCompletion(config: ChatCompletionsConfig, messages: ChatMessage[]): Promise<string> {
  let last: AiServiceError | null = null;
  for (let n = 1; n <= MAX_ATTEMPTS; n++) {
    try {
      return await attempt(config, messages);
    } catch (error) {
      if (!(error instanceof AiServiceError)) throw error;
      last = new AiServiceError(error.failure, error.message, n);
      if (error.failure === "refused") break;
      if (n < MAX_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
  throw last ?? new AiServiceError("unavailable", "The AI service failed.", MAX_ATTEMPTS);
}
