// The certificate and key that seal issued PDFs. Production brings its own (SIGNING_P12 + SIGNING_P12_PASSWORD);
// without one, a self-signed certificate is made once per installation and kept in DATA_DIR (0600), so every
// process and restart seals with the same identity. Made or read on the first signed document (keygen and the
// P12's key derivation take a moment, once). An in-memory database keeps nothing, so neither does its seal.
import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, X509Certificate } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import forge from "node-forge";

export type SigningIdentity = {
  /** The signer's certificate, DER. */
  certificate: Buffer;
  /** Further certificates from the P12 (the issuing chain), DER. */
  chain: Buffer[];
  key: KeyObject;
  /** The certificate's common name: who a reader sees as the signer. */
  signerName: string;
  /** SHA-256 of the certificate: part of every sealed document's cache key. */
  fingerprint: string;
};

/** What the identity is chosen by (the server's Config has these; not imported from config.ts, which imports this file). */
type SigningSettings = { databaseUrl: string; dataDir: string; signing: { p12: Buffer | null; password: string } };

const SELF_SIGNED_FILE = "signing-identity.p12";
const SELF_SIGNED_NAME = "Blueprint client portal (self-signed)";

const KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag as string;
const PLAIN_KEY_BAG = forge.pki.oids.keyBag as string;
const CERT_BAG = forge.pki.oids.certBag as string;

function certificateDer(cert: forge.pki.Certificate): Buffer {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary");
}

function identityOf(own: forge.pki.Certificate, others: forge.pki.Certificate[], key: forge.pki.rsa.PrivateKey): SigningIdentity {
  const certificate = certificateDer(own);
  const x509 = new X509Certificate(certificate);
  const commonName = own.subject.getField("CN")?.value;
  return {
    certificate,
    chain: others.map(certificateDer),
    key: createPrivateKey(forge.pki.privateKeyToPem(key)),
    signerName: typeof commonName === "string" ? commonName : x509.subject,
    fingerprint: x509.fingerprint256.replace(/:/g, "").toLowerCase(),
  };
}

/** Reads a PKCS#12 file: the certificate whose public key matches the private key, and the rest as its chain. */
export function identityFromP12(p12: Uint8Array, password: string): SigningIdentity {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.binary.raw.encode(p12)), false, password);
  const keyBags = [
    ...(parsed.getBags({ bagType: KEY_BAG })[KEY_BAG] ?? []),
    ...(parsed.getBags({ bagType: PLAIN_KEY_BAG })[PLAIN_KEY_BAG] ?? []),
  ];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key?.n) throw new Error("holds no RSA private key");
  const certificates = (parsed.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? []).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const own = certificates.find((cert) => (cert.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!own) throw new Error("holds no certificate for its private key");
  return identityOf(
    own,
    certificates.filter((cert) => cert !== own),
    key,
  );
}

/** A fresh RSA-2048 key and a self-signed certificate valid for ten years. */
function createSelfSigned(now = new Date()): { key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate } {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial: the first byte's top bit clear.
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [
    { name: "commonName", value: SELF_SIGNED_NAME },
    { name: "organizationName", value: "Blueprint" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", critical: true, digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { key, cert };
}

/** A self-signed identity as a PKCS#12 file (what DATA_DIR keeps, and what tests use as SIGNING_P12). */
export function createSelfSignedP12(password: string): Buffer {
  const { key, cert } = createSelfSigned();
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "aes256", generateLocalKeyId: true });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

/** The installation's own certificate: read from DATA_DIR, or made there once (the first process to write wins). */
function selfSignedIdentity(config: SigningSettings): SigningIdentity {
  if (config.databaseUrl === "memory://") {
    const { key, cert } = createSelfSigned();
    return identityOf(cert, [], key);
  }
  const file = path.join(config.dataDir, SELF_SIGNED_FILE);
  try {
    return identityFromP12(readFileSync(file), "");
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOENT") throw error;
  }
  // Written whole under a private name, then linked into place: a process that loses the race reads the winner's
  // complete file, never a half-written one.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, createSelfSignedP12(""), { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return identityFromP12(readFileSync(file), "");
}

const identities = new WeakMap<SigningSettings, SigningIdentity>();

/** The configured identity, loaded once per configuration. */
export function signingIdentity(config: SigningSettings): SigningIdentity {
  let identity = identities.get(config);
  if (!identity) {
    identity = config.signing.p12 ? identityFromP12(config.signing.p12, config.signing.password) : selfSignedIdentity(config);
    identities.set(config, identity);
  }
  return identity;
}

/** The place a seal names: the portal and the host it is served from. */
export function sealLocation(config: { appUrl: string }): string {
  return `Blueprint client portal, ${new URL(config.appUrl).host}`;
}
