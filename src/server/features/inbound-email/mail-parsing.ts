// Runs the mail parsers (mailparser, mailauth's DKIM check) in one worker thread (inbound-parse-worker.mjs), so no
// message can stop the portal whatever a parser does: an exception thrown where no promise catches it, a stack
// overflow or running out of memory ends the worker, and the server starts another. The messages that were being
// read when it ended are read again one at a time; the one that ends a worker while alone is refused for good
// (MessageUnreadable), so a poisonous message cannot hold the others back on retry. A job also has a deadline.
import { promises as dns } from "node:dns";
import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import type { DNSResolver } from "mailauth";

export type ParsedReply = {
  fromAddresses: string[];
  messageId: string | undefined;
  autoSubmitted: string | undefined;
  /** The first Authentication-Results header line, as received ("Authentication-Results: …"). */
  authenticationResults: string | undefined;
  text: string;
};

export type DkimOutcome = {
  headerFrom: string[];
  results: Array<{
    signingDomain?: string;
    status: { result?: string; aligned?: string | false };
    canonBodyLengthLimited?: boolean;
    canonBodyLength?: number;
    canonBodyLengthTotal?: number;
  }>;
};

/** The message could not be read: the parser failed on it, or ended its worker while reading it alone. */
export class MessageUnreadable extends Error {}

type Job = {
  op: "parse" | "dkim";
  raw: Buffer;
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Read again after a worker ended: runs with no other job beside it. */
  alone: boolean;
  timedOut: boolean;
  timer?: NodeJS.Timeout;
};

export type MailParsing = {
  parse(raw: Buffer): Promise<ParsedReply>;
  dkim(raw: Buffer): Promise<DkimOutcome>;
  close(): Promise<void>;
};

const WORKER_URL = new URL("./inbound-parse-worker.mjs", import.meta.url);

export function startMailParsing(options: {
  log: Pick<FastifyBaseLogger, "error">;
  resolver?: DNSResolver;
  /** Longest time one message may take to read (DNS lookups included); then its worker is ended. */
  timeoutMs?: number;
  /** Tests start a worker that misbehaves on purpose. */
  workerUrl?: URL;
}): MailParsing {
  const { log } = options;
  const resolver: DNSResolver = options.resolver ?? ((name, type) => dns.resolve(name, type) as ReturnType<DNSResolver>);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const queue: Job[] = [];
  const running = new Map<number, Job>();
  let worker: Worker | null = null;
  /** Whether the current worker has loaded the parsers (a job's deadline counts from then, not from its start). */
  let ready = false;
  let nextId = 0;
  let closed = false;

  function spawn(): Worker {
    const started = new Worker(options.workerUrl ?? WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 4 },
    });
    started.unref();
    started.on("message", (message) => onMessage(started, message));
    started.on("error", (error) => lost(started, error));
    started.on("exit", (code) => lost(started, new Error(`the mail parser's worker exited (code ${code})`)));
    return started;
  }

  function lost(ended: Worker, error: Error): void {
    if (ended !== worker) return;
    worker = null;
    ready = false;
    const victims = [...running.values()];
    running.clear();
    if (closed) {
      for (const job of victims) {
        clearTimeout(job.timer);
        job.reject(new Error("the inbound mail endpoint is closing"));
      }
      return;
    }
    log.error({ err: error, messagesInFlight: victims.length }, "the mail parser's worker stopped; starting another");
    for (const job of victims.reverse()) {
      clearTimeout(job.timer);
      if (job.alone || job.timedOut) {
        job.reject(new MessageUnreadable(job.timedOut ? "reading the message took too long" : error.message));
      } else {
        job.alone = true;
        queue.unshift(job);
      }
    }
    pump();
  }

  function onMessage(from: Worker, message: { kind: string; id: number; [key: string]: unknown }): void {
    if (message.kind === "dns") {
      resolver(String(message.name), String(message.type)).then(
        (records) => from.postMessage({ kind: "dns-answer", id: message.id, records }),
        (error: Error & { code?: string }) =>
          from.postMessage({ kind: "dns-answer", id: message.id, error: { message: error.message, code: error.code } }),
      );
      return;
    }
    if (message.kind === "ready") {
      if (from !== worker) return;
      ready = true;
      for (const job of running.values()) armDeadline(job, from);
      return;
    }
    const job = running.get(message.id);
    if (!job || from !== worker) return;
    running.delete(message.id);
    clearTimeout(job.timer);
    if (message.kind === "done") job.resolve(message.result);
    else job.reject(new MessageUnreadable(String(message.error)));
    pump();
  }

  function pump(): void {
    while (queue.length > 0 && !closed) {
      const [job] = queue;
      if (!job || [...running.values()].some((other) => other.alone)) return;
      if (job.alone && running.size > 0) return;
      queue.shift();
      start(job);
    }
  }

  function start(job: Job): void {
    worker ??= spawn();
    const current = worker;
    const id = nextId++;
    running.set(id, job);
    if (ready) armDeadline(job, current);
    current.postMessage({ kind: "job", id, op: job.op, raw: job.raw });
  }

  function armDeadline(job: Job, current: Worker): void {
    job.timer = setTimeout(() => {
      job.timedOut = true;
      // The others in flight are read again, alone, each with a fresh deadline: only this one ran out of time.
      for (const other of running.values()) if (other !== job) clearTimeout(other.timer);
      void current.terminate();
    }, timeoutMs);
  }

  function run<T>(op: Job["op"], raw: Buffer): Promise<T> {
    if (closed) return Promise.reject(new Error("the inbound mail endpoint is closing"));
    return new Promise<T>((resolve, reject) => {
      queue.push({ op, raw, resolve: resolve as (value: unknown) => void, reject, alone: false, timedOut: false });
      pump();
    });
  }

  // Started now, not with the first message: loading the parsers takes seconds on a busy machine.
  worker = spawn();

  return {
    parse: (raw) => run<ParsedReply>("parse", raw),
    dkim: (raw) => run<DkimOutcome>("dkim", raw),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("the inbound mail endpoint is closing"));
      const current = worker;
      if (current) await current.terminate();
    },
  };
}
