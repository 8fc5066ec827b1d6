// Whether an endpoint URL may be stored: https (http only for a host in WEBHOOK_ALLOWED_HOSTS), no credentials, a
// Slack endpoint on hooks.slack.com, and a host whose every address is public (after DNS resolution). The same address
// check runs again in each delivery's own socket lookup (send-webhook.ts), so a later DNS answer cannot slip past it.
import dns from "node:dns/promises";
import net from "node:net";
import { WEBHOOK_MESSAGES, type WebhookKind } from "../../../shared/schemas/webhooks";
import { badRequest } from "../../errors";
import { isPublicAddress } from "../../http/public-fetch";

export const SLACK_HOST = "hooks.slack.com";

/** The host as WEBHOOK_ALLOWED_HOSTS names it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
}

/** Refuses (400 on `url`) a URL no delivery may go to; answers the URL as it will be stored. */
export async function checkWebhookUrl(
  raw: string,
  options: { kind: WebhookKind; allowedHosts: readonly string[] },
): Promise<string> {
  const refuse = (message: string) => badRequest(message, { url: message });
  const url = URL.parse(raw);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) throw refuse(WEBHOOK_MESSAGES.url);
  const host = hostOf(url);
  const allowed = options.allowedHosts.includes(host);
  if (url.protocol !== "https:" && !allowed) throw refuse(WEBHOOK_MESSAGES.https);
  if (url.username || url.password) throw refuse(WEBHOOK_MESSAGES.credentials);
  if (options.kind === "slack" && host !== SLACK_HOST && !allowed) throw refuse(WEBHOOK_MESSAGES.slackHost);
  if (!allowed) {
    if (net.isIP(host)) {
      if (!isPublicAddress(host)) throw refuse(WEBHOOK_MESSAGES.privateAddress(host));
    } else {
      const addresses = await dns.lookup(host, { all: true, verbatim: true }).catch(() => []);
      if (addresses.length === 0) throw refuse(WEBHOOK_MESSAGES.unresolvable(host));
      if (addresses.some((entry) => !isPublicAddress(entry.address))) throw refuse(WEBHOOK_MESSAGES.privateAddress(host));
    }
  }
  url.hash = "";
  return url.toString();
}
