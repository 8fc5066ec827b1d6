// The context stored with a feedback item: what the tester's browser (and the bridge script) reported, with the
// browser and OS read from its User-Agent (the request's own header when the browser sent none).
import { safeExternalUrl } from "../../../shared/domain/safe-url";
import { describeUserAgent } from "../../../shared/domain/user-agent";
import type { FeedbackContext, FeedbackContextInput } from "../../../shared/schemas/feedback";

export function buildFeedbackContext(
  input: FeedbackContextInput | null | undefined,
  requestUserAgent: string | undefined,
): FeedbackContext {
  const userAgent = input?.userAgent || requestUserAgent?.slice(0, 512) || null;
  const { browser, os } = describeUserAgent(userAgent);
  return {
    // Only http(s) page addresses are kept: anything else is not a page a developer can open.
    pageUrl: safeExternalUrl(input?.pageUrl),
    browser,
    os,
    userAgent,
    viewport: input?.viewport ?? null,
    capturedAt: input?.capturedAt ?? new Date().toISOString(),
    timezone: input?.timezone ?? null,
    consoleErrors: (input?.consoleErrors ?? []).map((entry) => ({ message: entry.message, at: entry.at ?? null })),
  };
}
