// Whether an inbound message really comes from the address in its From header. Either the message carries a valid
// DKIM signature of the From domain (relaxed alignment: same organisational domain, the whole body signed), or it
// arrives from a trusted relay (INBOUND_TRUSTED_RELAYS) whose own Authentication-Results says dmarc=pass for that
// domain. Anything else is unauthenticated: the From header alone proves nothing.
import ipaddr from "ipaddr.js";
import type { TrustedRelays } from "../../config";
import { parseAddress } from "../../http/public-fetch";
import type { DkimOutcome } from "./mail-parsing";

export type SenderCheck = { ok: true; how: "dkim" | "relay" } | { ok: false; reason: string };

/** A DKIM key lookup that takes longer than this is a temporary failure (the sender's server retries later). */
const DNS_TIMEOUT_MS = 10_000;

export function isTrustedRelay(relays: TrustedRelays, remoteAddress: string | undefined): boolean {
  if (!remoteAddress || !ipaddr.isValid(remoteAddress)) return false;
  const address = parseAddress(remoteAddress);
  return relays.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

/**
 * The relay's verdict: the topmost Authentication-Results header (the one the relay added; a relay must remove any
 * the sender brought), written under the relay's own authserv-id (RFC 8601: its first token), saying dmarc=pass with
 * header.from equal to the From domain. A header under any other authserv-id was written by someone else.
 */
export function relayVouches({
  authenticationResults,
  fromAddress,
  authservId,
}: {
  authenticationResults: string | undefined;
  fromAddress: string;
  authservId: string;
}): boolean {
  if (!authenticationResults) return false;
  const [identity = "", ...results] = authenticationResults
    .replace(/\([^)]*\)/g, " ")
    .split(";")
    .map((part) => part.trim().toLowerCase());
  if (identity.split(/\s+/)[0] !== authservId.toLowerCase()) return false;
  const clause = results.find((part) => /^dmarc\s*=/.test(part));
  if (!clause || !/^dmarc\s*=\s*pass\b/.test(clause)) return false;
  const headerFrom = /\bheader\.from\s*=\s*"?([^\s";]+)/.exec(clause)?.[1];
  return headerFrom === domainOf(fromAddress);
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("DNS lookup timed out"), { temporary: true })), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether one DKIM signature of the From domain verifies over the whole message. */
async function alignedDkimPass(
  raw: Buffer,
  fromAddress: string,
  verifyDkim: (raw: Buffer) => Promise<DkimOutcome>,
): Promise<SenderCheck> {
  const result = await withTimeout(verifyDkim(raw), DNS_TIMEOUT_MS);
  const fromHeaders = result.headerFrom ?? [];
  if (fromHeaders.length !== 1 || fromHeaders[0]?.toLowerCase() !== fromAddress) {
    return { ok: false, reason: "the message must have exactly one From address" };
  }
  const signatures = result.results;
  if (signatures.length === 0) return { ok: false, reason: "no DKIM signature" };
  const good = signatures.find(
    (row) =>
      row.status.result === "pass" &&
      row.status.aligned &&
      // A signature over only the first bytes of the body lets anyone append text under it.
      !(row.canonBodyLengthLimited && (row.canonBodyLengthTotal ?? 0) > (row.canonBodyLength ?? 0)),
  );
  if (good) return { ok: true, how: "dkim" };
  const seen = signatures.map((row) => `${row.signingDomain ?? "?"}=${row.status.result}`).join(", ");
  return { ok: false, reason: `no valid DKIM signature aligned with ${domainOf(fromAddress)} (${seen})` };
}

export async function checkSender(input: {
  raw: Buffer;
  /** The From address (lower case). */
  fromAddress: string;
  remoteAddress: string | undefined;
  /** The topmost Authentication-Results header, as received. */
  authenticationResults: string | undefined;
  trustedRelays: TrustedRelays;
  /** The authserv-id the trusted relays write (INBOUND_AUTHSERV_ID). */
  authservId: string;
  /** mailauth's DKIM check, run where a parser failure cannot stop the server (mail-parsing.ts). */
  verifyDkim: (raw: Buffer) => Promise<DkimOutcome>;
}): Promise<SenderCheck> {
  if (
    isTrustedRelay(input.trustedRelays, input.remoteAddress) &&
    relayVouches({
      authenticationResults: input.authenticationResults,
      fromAddress: input.fromAddress,
      authservId: input.authservId,
    })
  ) {
    return { ok: true, how: "relay" };
  }
  return alignedDkimPass(input.raw, input.fromAddress, input.verifyDkim);
}
