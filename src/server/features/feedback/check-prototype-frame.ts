// GET /api/projects/{id}/prototype/frame-check: asks the prototype's server (its URL is set by the company) whether
// it lets the portal frame it, so the viewer can say 'Unable to Load Prototype' at once instead of showing the
// browser's own "refused to connect" page, which fires the frame's load event like any page.
import { type FramePolicy, framePolicyOf } from "../../../shared/domain/frame-policy";
import type { ProjectRow } from "../projects/access";

const CHECK_TIMEOUT_MS = 5_000;

export type FrameCheck = FramePolicy & { reachable: boolean };

export async function checkPrototypeFrame(project: ProjectRow, portalOrigin: string): Promise<FrameCheck> {
  if (!project.prototypeUrl) return { reachable: false, frameable: false, reason: "no-url" };
  let url: URL;
  try {
    url = new URL(project.prototypeUrl);
  } catch {
    return { reachable: false, frameable: false, reason: "invalid-url" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { reachable: false, frameable: false, reason: "invalid-url" };
  try {
    const response = await fetch(url, {
      method: "GET",
      redirect: "follow",
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      headers: { accept: "text/html", "user-agent": "BlueprintPortal-FrameCheck/1.0" },
    });
    // Only the headers matter: the body is never read or passed on.
    await response.body?.cancel();
    const policy = framePolicyOf(
      { xFrameOptions: response.headers.get("x-frame-options"), csp: response.headers.get("content-security-policy") },
      portalOrigin,
    );
    return { reachable: true, ...policy };
  } catch {
    // Unreachable from the server is not proof the tester's browser cannot reach it (VPNs, intranets): let it try.
    return { reachable: false, frameable: true, reason: "unreachable" };
  }
}
