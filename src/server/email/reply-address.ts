// The signed reply address of a thread: reply+<thread>-<issued day><signature>@REPLY_DOMAIN. The signature is an HMAC
// (SECRET_KEY) of the thread id, the day the address was issued and the recipient's address, so a reply is accepted
// only from the person the email was sent to, only for REPLY_ADDRESS_LIFETIME_DAYS, and nobody can make an address for
// a thread they were never sent. Lower-case base32, so mail systems that change the case of local parts do not break
// it; 57 characters, within the 64 a local part may have.
// Both sides use it, so it sits with the emails: the thread emails that carry it (features/communications/announce.ts)
// and the SMTP endpoint that checks it (features/inbound-email).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { CommunicationId } from "../../shared/domain/ids";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const SIGNATURE_CHARS = 20; // 100 bits
const DAY_CHARS = 4; // 20 bits: days since 1970 until the year 4840
const LOCAL_PART = /^reply\+([a-z2-7]{26})-([a-z2-7]{4})([a-z2-7]{20})$/;
/** The shape of addresses issued before they carried an issue day: refused as expired. */
const UNDATED_LOCAL_PART = /^reply\+[a-z2-7]{26}-[a-z2-7]{20}$/;
const DAY_MS = 86_400_000;

export const REPLY_ADDRESS_LIFETIME_DAYS = 90;

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text) {
    value = (value << 5) | ALPHABET.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function uuidToBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ""), "hex");
}

function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function dayToBase32(day: number): string {
  let out = "";
  for (let i = DAY_CHARS - 1; i >= 0; i--) out += ALPHABET[Math.floor(day / 32 ** i) % 32];
  return out;
}

function dayFromBase32(text: string): number {
  let day = 0;
  for (const ch of text) day = day * 32 + ALPHABET.indexOf(ch);
  return day;
}

function signature(secretKey: string, threadId: string, issuedDay: number, recipient: string): string {
  const mac = createHmac("sha256", secretKey)
    .update(`thread-reply\n${threadId}\n${issuedDay}\n${recipient.trim().toLowerCase()}`)
    .digest();
  return base32(mac).slice(0, SIGNATURE_CHARS);
}

export function replyAddress(options: {
  secretKey: string;
  domain: string;
  threadId: string;
  recipient: string;
  issuedAt?: Date;
}): string {
  const thread = base32(uuidToBytes(options.threadId));
  const day = Math.floor((options.issuedAt ?? new Date()).getTime() / DAY_MS);
  const mac = signature(options.secretKey, options.threadId, day, options.recipient);
  return `reply+${thread}-${dayToBase32(day)}${mac}@${options.domain}`;
}

export type ParsedReplyAddress = { threadId: CommunicationId; issuedDay: number; signature: string };

/**
 * The thread a reply address names, when its shape is right (the signature is checked with the sender, below);
 * "undated" for the shape of addresses issued before they carried an issue day.
 */
export function parseReplyAddress(address: string, domain: string): ParsedReplyAddress | "undated" | null {
  if (address.length > 320) return null;
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  if (UNDATED_LOCAL_PART.test(local)) return "undated";
  const match = LOCAL_PART.exec(local);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const bytes = fromBase32(match[1]);
  if (bytes.length !== 16) return null;
  // The address names a thread (its signature is checked next): the decoded UUID is that thread's id.
  return { threadId: bytesToUuid(bytes) as CommunicationId, issuedDay: dayFromBase32(match[2]), signature: match[3] };
}

/** True when the address was made for this sender (constant-time comparison). */
export function signatureMatches({
  secretKey,
  parsed,
  sender,
}: {
  secretKey: string;
  parsed: ParsedReplyAddress;
  sender: string;
}): boolean {
  const expected = Buffer.from(signature(secretKey, parsed.threadId, parsed.issuedDay, sender));
  const given = Buffer.from(parsed.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** True while the address is within its lifetime (an issue day in the future is not). */
export function isReplyAddressCurrent(parsed: ParsedReplyAddress, now = new Date()): boolean {
  const today = Math.floor(now.getTime() / DAY_MS);
  return parsed.issuedDay <= today && today - parsed.issuedDay <= REPLY_ADDRESS_LIFETIME_DAYS;
}
