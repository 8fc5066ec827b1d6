// Signing secrets: made as Standard Webhooks says (`whsec_` + base64 of 24 random bytes), kept encrypted at rest
// (AES-256-GCM under a key derived from SECRET_KEY with HKDF, so a database dump alone cannot forge a signature), and
// used to sign `${id}.${timestamp}.${body}` with HMAC-SHA256 keyed by the secret's decoded bytes.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "whsec_";
const BOX_VERSION = "v1";

export function newSigningSecret(): string {
  return `${PREFIX}${randomBytes(24).toString("base64")}`;
}

function boxKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secretKey, "blueprint", "webhook signing secrets", 32));
}

/** "v1.<iv>.<tag>.<ciphertext>", each base64url. */
export function sealSecret(secretKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", boxKey(secretKey), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [BOX_VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function openSecret(secretKey: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== BOX_VERSION || !iv || !tag || !ciphertext) throw new Error("unreadable webhook secret");
  const decipher = createDecipheriv("aes-256-gcm", boxKey(secretKey), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** The `webhook-signature` header's value for one message. */
export function webhookSignature(input: { secret: string; id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(input.secret.startsWith(PREFIX) ? input.secret.slice(PREFIX.length) : input.secret, "base64");
  const mac = createHmac("sha256", key).update(`${input.id}.${input.timestamp}.${input.body}`).digest("base64");
  return `v1,${mac}`;
}
