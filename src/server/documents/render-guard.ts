// Bounds the CPU that documents cost. A rendered PDF is kept by the hash of everything it is drawn from (the same
// input gives the same bytes, so a repeat download is served from memory); renders run a few at a time, each user
// has at most one waiting, and when the queue is full the server answers 503 instead of falling behind.
import { sha256Hex } from "../auth/secrets";
import { AppError, tooManyRequests } from "../errors";

type RenderGuardOptions = { concurrency: number; maxQueued: number; cacheBytes: number };

/** The cache key of a render: the kind, its layout version and every input (binary parts by their own hash). */
export function contentKey(kind: string, input: unknown): string {
  return sha256Hex(
    `${kind}\n${JSON.stringify(input, (_key, value) =>
      value instanceof Uint8Array ? `sha256:${sha256Hex(value)}` : value instanceof Date ? value.toISOString() : value,
    )}`,
  );
}

export class RenderGuard {
  private readonly cache = new Map<string, Uint8Array>();
  private cachedBytes = 0;
  private readonly inFlight = new Map<string, Promise<Uint8Array>>();
  private readonly owners = new Set<string>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: RenderGuardOptions) {}

  /** The cached bytes for `key`, or `produce()` run under the bounds (one render per key at a time). */
  async render(key: string, owner: string, produce: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const cached = this.cache.get(key);
    if (cached) {
      // Most recently used goes to the end of the map's order.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    if (this.owners.has(owner))
      throw tooManyRequests(2, "Your previous document is still being prepared. Please try again in a moment.");
    if (this.running >= this.options.concurrency && this.waiting.length >= this.options.maxQueued) {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        "Documents are busy being prepared. Please try again in a few seconds.",
        undefined,
        {
          "retry-after": "5",
        },
      );
    }
    this.owners.add(owner);
    const job = this.run(produce).finally(() => {
      this.owners.delete(owner);
      this.inFlight.delete(key);
    });
    this.inFlight.set(key, job);
    const bytes = await job;
    this.remember(key, bytes);
    return bytes;
  }

  private async run(produce: () => Promise<Uint8Array>): Promise<Uint8Array> {
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await produce();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private remember(key: string, bytes: Uint8Array): void {
    if (bytes.byteLength > this.options.cacheBytes / 4) return;
    this.cache.set(key, bytes);
    this.cachedBytes += bytes.byteLength;
    for (const [oldKey, old] of this.cache) {
      if (this.cachedBytes <= this.options.cacheBytes) break;
      this.cache.delete(oldKey);
      this.cachedBytes -= old.byteLength;
    }
  }
}

/**
 * The process's PDF renders: two at a time (pdf-lib runs on the event loop, and renders yield between blocks so
 * other requests are served in between), eight waiting at most, 32 MB of recent PDFs kept.
 */
export const pdfRenders = new RenderGuard({ concurrency: 2, maxQueued: 8, cacheBytes: 32 * 1024 * 1024 });

/** Lets the event loop serve other requests during a long render. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
