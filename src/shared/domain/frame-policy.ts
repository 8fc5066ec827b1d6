// Whether a page's response headers let another origin show it in a frame (X-Frame-Options, CSP frame-ancestors).

export type FramePolicy = { frameable: boolean; reason: string | null };

function frameAncestorsAllow(csp: string, embedderOrigin: string): boolean | null {
  const directive = csp
    .split(",")
    .flatMap((policy) => policy.split(";"))
    .map((part) => part.trim())
    .find((part) => part.toLowerCase().startsWith("frame-ancestors"));
  if (!directive) return null;
  const sources = directive.split(/\s+/).slice(1);
  const embedder = new URL(embedderOrigin);
  return sources.some((source) => {
    const s = source.toLowerCase();
    if (s === "*") return true;
    if (s === "'none'" || s === "'self'") return false;
    if (s === `${embedder.protocol}`) return true;
    if (s.includes("*")) {
      const pattern = new RegExp(`^${s.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^.]+")}$`);
      return pattern.test(embedder.origin) || pattern.test(embedder.host);
    }
    return s.replace(/\/$/, "") === embedder.origin || s === embedder.host;
  });
}

export function framePolicyOf(
  headers: { xFrameOptions: string | null; csp: string | null },
  embedderOrigin: string,
): FramePolicy {
  const fromCsp = headers.csp ? frameAncestorsAllow(headers.csp, embedderOrigin) : null;
  // CSP frame-ancestors overrides X-Frame-Options where browsers support both.
  if (fromCsp === false) return { frameable: false, reason: "frame-ancestors" };
  if (fromCsp === true) return { frameable: true, reason: null };
  const xfo = headers.xFrameOptions?.trim().toLowerCase();
  if (xfo === "deny" || xfo === "sameorigin" || xfo?.startsWith("allow-from"))
    return { frameable: false, reason: "x-frame-options" };
  return { frameable: true, reason: null };
}
