// The signed reply address of a thread: reply+<thread>-<signature>@REPLY_DOMAIN. The signature is an HMAC (SECRET_KEY)
// of the thread id and the recipient's address, so a reply is accepted only from the person the email was sent to,
// and nobody can make an address for a thread they were never sent. Lower-case base32, so mail systems that change
// the case of local parts do not break it; 53 characters, within the 64 a local part may have.
import { createHmac, timingSafeEqual } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const SIGNATURE_CHARS = 20; // 100 bits
const LOCAL_PART = /^reply\+([a-z2-7]{26})-([a-z2-7]{20})$/;

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

function signature(secretKey: string, threadId: string, recipient: string): string {
  const mac = createHmac("sha256", secretKey).update(`thread-reply\n${threadId}\n${recipient.trim().toLowerCase()}`).digest();
  return base32(mac).slice(0, SIGNATURE_CHARS);
}

export function replyAddress(options: { secretKey: string; domain: string; threadId: string; recipient: string }): string {
  const thread = base32(uuidToBytes(options.threadId));
  return `reply+${thread}-${signature(options.secretKey, options.threadId, options.recipient)}@${options.domain}`;
}

/** The thread a reply address names, when its shape is right (the signature is checked with the sender, below). */
export function parseReplyAddress(address: string, domain: string): { threadId: string; signature: string } | null {
  if (address.length > 320) return null;
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const match = LOCAL_PART.exec(address.slice(0, at).toLowerCase());
  if (!match?.[1] || !match[2]) return null;
  const bytes = fromBase32(match[1]);
  if (bytes.length !== 16) return null;
  return { threadId: bytesToUuid(bytes), signature: match[2] };
}

/** True when the address was made for this sender (constant-time comparison). */
export function signatureMatches(secretKey: string, parsed: { threadId: string; signature: string }, sender: string): boolean {
  const expected = Buffer.from(signature(secretKey, parsed.threadId, sender));
  const given = Buffer.from(parsed.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
