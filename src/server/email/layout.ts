// Renders a transactional email as a plain-text part and an HTML part; every interpolated value is escaped.

import { CODE_TTL_MINUTES } from "../../shared/constants/auth";
import { oneLineExcerpt } from "../../shared/text/safe-text";

export const APP_NAME = "Blueprint";

/** What a user typed, as it may appear in a subject: one line, no unsafe characters, at most 60 characters. */
export function subjectPart(typed: string): string {
  return oneLineExcerpt(typed, 60);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);
}

export type EmailContent = {
  heading: string;
  paragraphs: string[];
  /** A highlighted value such as a one-time code. */
  code?: string;
  action?: { label: string; url: string };
  footnote?: string;
};

/** The one-click unsubscribe link a notification carries in its body too (beside its List-Unsubscribe header). */
export type UnsubscribeFooter = { url: string; what: string };

/** How long a code lives and how often it works, as every code email says it. */
export const CODE_EXPIRY_NOTE = `The code expires in ${CODE_TTL_MINUTES} minutes and works once`;

function unsubscribeText(footer: UnsubscribeFooter): string {
  return `To stop these emails (${footer.what}), unsubscribe in one click`;
}

export function renderEmail(content: EmailContent, unsubscribe?: UnsubscribeFooter | null): { text: string; html: string } {
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.code ? [`    ${content.code}`, ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footnote ? [content.footnote, ""] : []),
    `— The ${APP_NAME} team`,
    ...(unsubscribe ? ["", `${unsubscribeText(unsubscribe)}: ${unsubscribe.url}`] : []),
  ].join("\n");

  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:18px;font-weight:700;color:#4338ca;padding-bottom:16px">${APP_NAME}</td></tr>
<tr><td style="font-size:22px;font-weight:700;padding-bottom:12px">${escapeHtml(content.heading)}</td></tr>
${content.paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.6;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join("\n")}
${content.code ? `<tr><td style="padding:8px 0 20px"><div style="display:inline-block;font-size:32px;letter-spacing:8px;font-weight:700;background:#eef2ff;color:#312e81;padding:12px 20px;border-radius:8px;font-family:Menlo,Consolas,monospace">${escapeHtml(content.code)}</div></td></tr>` : ""}
${content.action ? `<tr><td style="padding:8px 0 20px"><a href="${escapeHtml(content.action.url)}" style="background:#4338ca;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></td></tr>` : ""}
${content.footnote ? `<tr><td style="font-size:13px;color:#6b7280;line-height:1.5;padding-top:8px">${escapeHtml(content.footnote)}</td></tr>` : ""}
<tr><td style="font-size:13px;color:#6b7280;padding-top:24px">— The ${APP_NAME} team</td></tr>
${unsubscribe ? `<tr><td style="font-size:12px;color:#6b7280;padding-top:16px">${escapeHtml(unsubscribeText(unsubscribe))}: <a href="${escapeHtml(unsubscribe.url)}" style="color:#4338ca">Unsubscribe</a></td></tr>` : ""}
</table></td></tr></table></body></html>`;
  return { text, html };
}

/** The project the templates' examples (previews and tests) name: "Ordering app (BP-0001)". */
export const EXAMPLE_PROJECT = { projectCode: "BP-0001", projectName: "Ordering app" };

/** A project as emails name it in their text: "Ordering app (BP-0001)", or the code alone. */
export function projectTitle(project: { projectCode: string; projectName: string | null }): string {
  return project.projectName ? `${project.projectName} (${project.projectCode})` : project.projectCode;
}
