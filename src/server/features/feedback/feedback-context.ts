// The context stored with a feedback item: what the tester's browser (and the bridge script) reported, with the
// browser and OS read from its User-Agent (the request's own header when the browser sent none).
import { describeUserAgent } from "../../../shared/domain/user-agent";
import type { FeedbackContext, FeedbackContextInput } from "../../../shared/schemas/feedback";

/** Only http(s) page addresses are kept: anything else (javascript:, data:) is not a page a developer can open. */
function safePageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export function buildFeedbackContext(
  input: FeedbackContextInput | null | undefined,
  requestUserAgent: string | undefined,
): FeedbackContext {
  const userAgent = input?.userAgent || requestUserAgent?.slice(0, 512) || null;
  const { browser, os } = describeUserAgent(userAgent);
  return {
    pageUrl: safePageUrl(input?.pageUrl),
    browser,
    os,
    userAgent,
    viewport: input?.viewport ?? null,
    capturedAt: input?.capturedAt ?? new Date().toISOString(),
    timezone: input?.timezone ?? null,
    consoleErrors: (input?.consoleErrors ?? []).map((entry) => ({ message: entry.message, at: entry.at ?? null })),
  };
}
