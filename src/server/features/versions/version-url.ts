// A published version's address: https (the viewer's frame policy allows https only), and not a local or private
// host, unless its origin is one the operator listed for framing (PROTOTYPE_FRAME_ORIGINS: a developer's machine,
// the browser tests' local prototypes). The address is checked as written; the frame check resolves it again
// (http/public-fetch.ts) before the server ever fetches it.
import net from "node:net";
import { VERSION_MESSAGES } from "../../../shared/schemas/versions";
import { badRequest } from "../../errors";
import { isPublicAddress } from "../../http/public-fetch";

const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/** Also the admin's prototype URL field's check (`field` names the form field the message belongs to). */
export function checkVersionUrl({
  href,
  listedOrigins,
  field = "url",
}: {
  href: string;
  listedOrigins: readonly string[];
  field?: string;
}): void {
  const url = new URL(href);
  if (listedOrigins.includes(url.origin)) return;
  if (url.protocol !== "https:") throw badRequest(VERSION_MESSAGES.urlHttps, { [field]: VERSION_MESSAGES.urlHttps });
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const privateHost = net.isIP(host) ? !isPublicAddress(host) : LOCAL_NAME.test(host) || !host.includes(".");
  if (privateHost) throw badRequest(VERSION_MESSAGES.urlPrivate, { [field]: VERSION_MESSAGES.urlPrivate });
}
