// A CMS SignedData in the PAdES baseline (B-B) profile: detached, SHA-256, RSA, and signed attributes content-type,
// message-digest and ESS signing-certificate-v2 (which binds the certificate to the signature). The signing time
// is the signature dictionary's /M, not a CMS attribute, as PAdES requires. RSA PKCS#1 v1.5 is deterministic, so
// the same bytes sealed at the same time give the same signature.
import { createHash, sign } from "node:crypto";
import { Signer } from "@signpdf/utils";
import forge from "node-forge";
import type { SigningIdentity } from "./signing-identity";

const { asn1 } = forge;
const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
};

const universal = (type: number, constructed: boolean, value: string | forge.asn1.Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, type, constructed, value);
const sequence = (items: forge.asn1.Asn1[]) => universal(asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => universal(asn1.Type.SET, true, items);
const oid = (value: string) => universal(asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: Buffer) => universal(asn1.Type.OCTETSTRING, false, bytes.toString("binary"));
const integer = (value: number) => universal(asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nullValue = () => universal(asn1.Type.NULL, false, "");
const algorithm = (id: string) => sequence([oid(id), nullValue()]);
const fromDer = (bytes: Buffer) => asn1.fromDer(bytes.toString("binary"));
const toDer = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), "binary");
const attribute = (type: string, value: forge.asn1.Asn1) => sequence([oid(type), set([value])]);

/** A certificate's issuer Name and serialNumber, taken from its DER as they are (no re-encoding). */
function issuerAndSerial(certificate: Buffer): forge.asn1.Asn1 {
  const tbs = (fromDer(certificate).value as forge.asn1.Asn1[])[0] as forge.asn1.Asn1;
  const fields = tbs.value as forge.asn1.Asn1[];
  const offset = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return sequence([fields[offset + 2] as forge.asn1.Asn1, fields[offset] as forge.asn1.Asn1]);
}

/** DER orders a SET OF by the encodings of its members. */
function derSet(items: forge.asn1.Asn1[]): { node: forge.asn1.Asn1; der: Buffer } {
  const sorted = items.map(toDer).sort(Buffer.compare);
  const node = set(sorted.map(fromDer));
  return { node, der: toDer(node) };
}

export function cadesDetachedSignature(content: Buffer, identity: SigningIdentity): Buffer {
  const digest = createHash("sha256").update(content).digest();
  const certHash = createHash("sha256").update(identity.certificate).digest();
  const signedAttributes = derSet([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(digest)),
    // SigningCertificateV2 { certs: [ESSCertIDv2 { certHash, issuerSerial }] }; SHA-256 is the default hash.
    attribute(
      OID.signingCertificateV2,
      sequence([
        sequence([
          sequence([
            octets(certHash),
            sequence([
              sequence([
                asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [
                  (issuerAndSerial(identity.certificate).value as forge.asn1.Asn1[])[0] as forge.asn1.Asn1,
                ]),
              ]),
              (issuerAndSerial(identity.certificate).value as forge.asn1.Asn1[])[1] as forge.asn1.Asn1,
            ]),
          ]),
        ]),
      ]),
    ),
  ]);
  // The signature covers the attributes encoded as a SET; in the SignerInfo they sit under [0] IMPLICIT.
  const signature = sign("sha256", signedAttributes.der, identity.key);
  const signedAttributesImplicit = asn1.create(
    asn1.Class.CONTEXT_SPECIFIC,
    0,
    true,
    signedAttributes.node.value as forge.asn1.Asn1[],
  );
  const signerInfo = sequence([
    integer(1),
    issuerAndSerial(identity.certificate),
    algorithm(OID.sha256),
    signedAttributesImplicit,
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const signedData = sequence([
    integer(1),
    set([algorithm(OID.sha256)]),
    sequence([oid(OID.data)]),
    asn1.create(
      asn1.Class.CONTEXT_SPECIFIC,
      0,
      true,
      [identity.certificate, ...identity.chain].map((der) => fromDer(der)),
    ),
    set([signerInfo]),
  ]);
  return toDer(sequence([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

/** The signer @signpdf/signpdf calls with the bytes of the ByteRange. */
export class CadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetachedSignature(pdfBuffer, this.identity);
  }
}
