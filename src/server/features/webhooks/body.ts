// What goes on the wire for a delivery: the signed JSON body for a standard endpoint, a short Block Kit message for Slack.
import { WEBHOOK_EVENTS } from "../../../shared/schemas/webhooks";
import type { StoredWebhookPayload } from "./enqueue";

export function webhookLink(appUrl: string, payload: StoredWebhookPayload): string {
  return `${appUrl.replace(/\/$/, "")}${payload.path}`;
}

/** `{type, timestamp, data}`, with `data.url` the console link; the same bytes on every retry. */
export function standardBody(appUrl: string, payload: StoredWebhookPayload): string {
  return JSON.stringify({
    type: payload.type,
    timestamp: payload.timestamp,
    data: { ...payload.data, url: webhookLink(appUrl, payload) },
  });
}

/** Slack's mrkdwn reserves &, < and >. */
const slackText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function slackBody(appUrl: string, payload: StoredWebhookPayload): string {
  const label = WEBHOOK_EVENTS[payload.type]?.label ?? payload.type;
  const code = typeof payload.data.projectCode === "string" ? payload.data.projectCode : null;
  const link = webhookLink(appUrl, payload);
  const parts = [`*${slackText(label)}*`, ...(code ? [slackText(code)] : []), `<${link}|Open in console>`];
  const plain = [label, ...(code ? [code] : []), link].join(" · ");
  return JSON.stringify({ text: plain, blocks: [{ type: "section", text: { type: "mrkdwn", text: parts.join(" · ") } }] });
}
