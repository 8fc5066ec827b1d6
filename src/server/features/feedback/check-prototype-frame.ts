// GET /api/projects/{id}/prototype/frame-check: asks the prototype's server (its URL is set by the company) whether
// it lets the portal frame it, so the viewer can say 'Unable to Load Prototype' at once instead of showing the
// browser's own "refused to connect" page, which fires the frame's load event like any page.
// The server only ever fetches public addresses (or the operator's PROTOTYPE_FRAME_ORIGINS), and a refused address
// answers exactly like an unreachable one, so the check tells nothing about the server's own network.
import { type FramePolicy, framePolicyOf } from "../../../shared/domain/frame-policy";
import { fetchPublicHeaders } from "../../http/public-fetch";
import type { ProjectRow } from "../projects";

const CHECK_TIMEOUT_MS = 5_000;
/** How long one project's answer is reused: the viewer asks on every visit. */
const CACHE_MS = 60_000;
const CACHE_ENTRIES = 1_000;
/** Checks one user may ask for (answered from the cache or not). */
export const FRAME_CHECK_LIMIT = { max: 30, windowSeconds: 10 * 60 } as const;

export type FrameCheck = FramePolicy & { reachable: boolean };

const UNREACHABLE: FrameCheck = { reachable: false, frameable: true, reason: "unreachable" };

/** A short per-project memory of answers, keyed by the prototype URL so a changed URL is checked afresh. */
export function createFrameCheckCache() {
  const entries = new Map<string, { check: FrameCheck; expires: number }>();
  return {
    /** `fresh` (the viewer's Try Again) asks the site again instead of reusing the remembered answer. */
    async get(
      project: ProjectRow,
      portalOrigin: string,
      allowedOrigins: readonly string[],
      options: { fresh?: boolean } = {},
    ): Promise<FrameCheck> {
      const key = `${project.id}\n${project.prototypeUrl ?? ""}`;
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now && !options.fresh) return hit.check;
      const check = await checkPrototypeFrame({ project, portalOrigin, allowedOrigins });
      entries.delete(key);
      if (entries.size >= CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { check, expires: now + CACHE_MS });
      return check;
    },
  };
}

export async function checkPrototypeFrame({
  project,
  portalOrigin,
  allowedOrigins,
}: {
  project: ProjectRow;
  portalOrigin: string;
  allowedOrigins: readonly string[];
}): Promise<FrameCheck> {
  if (!project.prototypeUrl) return { reachable: false, frameable: false, reason: "no-url" };
  let url: URL;
  try {
    url = new URL(project.prototypeUrl);
  } catch {
    return { reachable: false, frameable: false, reason: "invalid-url" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { reachable: false, frameable: false, reason: "invalid-url" };
  try {
    const response = await fetchPublicHeaders(url, {
      allowedOrigins,
      timeoutMs: CHECK_TIMEOUT_MS,
      headers: { accept: "text/html", "user-agent": "BlueprintPortal-FrameCheck/1.0" },
    });
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    };
    const policy = framePolicyOf(
      { xFrameOptions: header("x-frame-options"), csp: header("content-security-policy") },
      portalOrigin,
    );
    return { reachable: true, ...policy };
  } catch {
    // Unreachable (or refused) from the server is not proof the tester's browser cannot reach it (VPNs, intranets):
    // let it try.
    return UNREACHABLE;
  }
}
