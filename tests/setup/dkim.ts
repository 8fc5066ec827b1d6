// A sender domain of the test's own: an RSA key pair, the DNS answers a DKIM verifier needs for it (served through
// mailauth's resolver option, so nothing leaves the machine), and a way to send mail into the inbound SMTP endpoint
// signed with that key, signed with a stranger's key, or not signed at all.
import { generateKeyPairSync } from "node:crypto";
import type { DNSResolver } from "mailauth";
import nodemailer from "nodemailer";

export type TestDkimDomain = { domain: string; selector: string; privateKey: string; txt: string };

export function dkimDomain(domain: string, selector = "test"): TestDkimDomain {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const der = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  return {
    domain,
    selector,
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    txt: `v=DKIM1; k=rsa; p=${der}`,
  };
}

/** Answers the DKIM key records of the given domains; every other name does not exist. */
export function dkimResolver(domains: TestDkimDomain[]): DNSResolver {
  return async (name, type) => {
    const found = domains.find((d) => name.toLowerCase() === `${d.selector}._domainkey.${d.domain}`);
    if (type.toUpperCase() === "TXT" && found) return [[found.txt]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  };
}

export type InboundMessage = {
  from: string;
  to: string;
  subject?: string;
  text: string;
  messageId?: string;
  headers?: Record<string, string>;
  /** Envelope sender (default: the From address). */
  envelopeFrom?: string;
  /** The loopback address to connect from (default 127.0.0.1). */
  localAddress?: string;
};

/** Sends one message to the inbound endpoint on 127.0.0.1, DKIM-signed with `signer` unless it is null. */
export function sendInbound(port: number | undefined, message: InboundMessage, signer: TestDkimDomain | null) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
    localAddress: message.localAddress,
    ...(signer ? { dkim: { domainName: signer.domain, keySelector: signer.selector, privateKey: signer.privateKey } } : {}),
  });
  const fromAddress = /<([^>]+)>/.exec(message.from)?.[1] ?? message.from;
  return transport
    .sendMail({
      subject: "Re: reply",
      from: message.from,
      to: message.to,
      text: message.text,
      messageId: message.messageId,
      headers: message.headers,
      envelope: { from: message.envelopeFrom ?? fromAddress, to: message.to },
    })
    .finally(() => transport.close());
}
