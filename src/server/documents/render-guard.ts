// Bounds the CPU that documents cost. A rendered PDF is kept by the hash of everything it is drawn from (the same
// input gives the same bytes, so a repeat download is served from memory); renders run a few at a time, each user
// has at most one waiting, and when the queue is full the server answers 503 instead of falling behind. Every PDF
// the portal makes (the NDA, the brief, their sizes in the documents list, the data export) goes through here, and
// each user has a budget of fresh renders (cache misses) in a window: past it, 429 with Retry-After (issue 26, item 6).
import { sha256Hex } from "../auth/secrets";
import { AppError, tooManyRequests } from "../errors";

type RenderGuardOptions = {
  concurrency: number;
  maxQueued: number;
  cacheBytes: number;
  /** Fresh renders (cache misses) one owner may start in `windowMs`; cached bytes are always served. */
  freshPerOwner?: { max: number; windowMs: number };
};

/** What a user is told when their budget of fresh renders is spent. */
export const RENDER_BUDGET_MESSAGE = "You have prepared many documents in a short time. Please try again in a few minutes.";

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
  private readonly freshRenders = new Map<string, number[]>();
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
    this.chargeFreshRender(owner);
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

  /** Counts a fresh render against the owner's budget, or refuses it (429) when the budget is spent. */
  private chargeFreshRender(owner: string): void {
    const budget = this.options.freshPerOwner;
    if (!budget) return;
    const now = Date.now();
    const recent = (this.freshRenders.get(owner) ?? []).filter((at) => at > now - budget.windowMs);
    if (recent.length >= budget.max) {
      this.freshRenders.set(owner, recent);
      const oldest = recent[0] ?? now;
      throw tooManyRequests((oldest + budget.windowMs - now) / 1000, RENDER_BUDGET_MESSAGE);
    }
    recent.push(now);
    this.freshRenders.set(owner, recent);
    // Owners whose window has passed are forgotten, so the map holds only recently active users.
    if (this.freshRenders.size > 10_000) {
      for (const [key, times] of this.freshRenders) {
        if ((times.at(-1) ?? 0) <= now - budget.windowMs) this.freshRenders.delete(key);
      }
    }
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

/** Fresh PDF renders one user may start in ten minutes (a 50,000-character brief costs up to ~1 s of CPU). */
export const FRESH_RENDERS_PER_USER = { max: 20, windowMs: 10 * 60 * 1000 };

/**
 * The process's PDF renders: two at a time (pdf-lib runs on the event loop, and renders yield between blocks so
 * other requests are served in between), eight waiting at most, 32 MB of recent PDFs kept, and each user's fresh
 * renders within FRESH_RENDERS_PER_USER.
 */
export const pdfRenders = new RenderGuard({
  concurrency: 2,
  maxQueued: 8,
  cacheBytes: 32 * 1024 * 1024,
  freshPerOwner: FRESH_RENDERS_PER_USER,
});

/** Lets the event loop serve other requests during a long render. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
