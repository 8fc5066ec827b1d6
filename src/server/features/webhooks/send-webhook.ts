// One POST to an endpoint: connected only to a public address checked in the socket's own DNS lookup (so DNS
// rebinding cannot swap it) unless the host is in WEBHOOK_ALLOWED_HOSTS; redirects not followed; the whole exchange
// bounded by a timeout; at most MAX_READ_BYTES of the answer read (then the socket is cut); its first 1 KB kept.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { BlockedAddressError, isPublicAddress } from "../../http/public-fetch";
import { hostOf } from "./check-url";

export const DELIVERY_TIMEOUT_MS = 10_000;
/** More than this of an answer is not read: the delivery counts as failed and the socket is closed. */
export const MAX_READ_BYTES = 64 * 1024;
export const EXCERPT_BYTES = 1024;

export type SendOutcome = {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number;
};

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** Resolves once and answers only when every address is public; the socket connects to the first one. */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
    if (blocked || addresses.length === 0) return callback(new BlockedAddressError(blocked?.address ?? hostname), "");
    const first = addresses[0] as dns.LookupAddress;
    if (options.all) return callback(null, [first]);
    callback(null, first.address, first.family);
  });
}

function excerptOf(chunks: Buffer[]): string | null {
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  return bytes.length === 0 ? null : bytes.toString("utf8");
}

export function sendWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowedHosts: readonly string[];
  timeoutMs?: number;
}): Promise<SendOutcome> {
  const started = performance.now();
  const timeoutMs = input.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const url = new URL(input.url);
  const host = hostOf(url);
  const checked = !input.allowedHosts.includes(host);
  const done = (outcome: Omit<SendOutcome, "durationMs">): SendOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  if (url.protocol !== "https:" && checked) {
    return Promise.resolve(done({ ok: false, statusCode: null, error: "refused: only https is sent", excerpt: null }));
  }
  if (checked && net.isIP(host) && !isPublicAddress(host)) {
    return Promise.resolve(done({ ok: false, statusCode: null, error: new BlockedAddressError(host).message, excerpt: null }));
  }
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(done(outcome));
    };
    const chunks: Buffer[] = [];
    let status: number | null = null;
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/json",
        "user-agent": "Blueprint-Webhooks/1",
        "content-length": String(Buffer.byteLength(input.body)),
        ...input.headers,
      },
      ...(checked ? { lookup: publicOnlyLookup as unknown as net.LookupFunction } : {}),
    });
    const timer = setTimeout(() => {
      const seconds = timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
      finish({ ok: false, statusCode: status, error: `timed out after ${seconds}`, excerpt: excerptOf(chunks) });
    }, timeoutMs);
    request.on("error", (error) => {
      const message =
        error instanceof BlockedAddressError
          ? error.message
          : `${(error as NodeJS.ErrnoException).code ?? "error"}: ${error.message}`;
      finish({ ok: false, statusCode: status, error: message, excerpt: excerptOf(chunks) });
    });
    request.on("response", (response) => {
      status = response.statusCode ?? 0;
      const code = status;
      if (code >= 300 && code < 400) {
        const location = response.headers.location ?? "(none)";
        return finish({ ok: false, statusCode: code, error: `redirect to ${location} not followed`, excerpt: null });
      }
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (chunks.reduce((sum, c) => sum + c.length, 0) < EXCERPT_BYTES) chunks.push(chunk);
        if (read > MAX_READ_BYTES) {
          finish({
            ok: false,
            statusCode: code,
            error: `answer longer than ${MAX_READ_BYTES / 1024} KB: stopped reading`,
            excerpt: excerptOf(chunks),
          });
        }
      });
      response.on("end", () => {
        const ok = code >= 200 && code < 300;
        finish({ ok, statusCode: code, error: ok ? null : `answered ${code}`, excerpt: excerptOf(chunks) });
      });
      response.on("error", (error) => finish({ ok: false, statusCode: code, error: error.message, excerpt: excerptOf(chunks) }));
    });
    request.end(input.body);
  });
}
