// Listens to the feedback bridge inside the prototype frame (public/feedback-bridge.js): only messages from the
// prototype's origin and from that very frame count. The portal asks for the state only at that origin.
import { type RefObject, useCallback, useEffect, useState } from "react";

export type BridgeState = { url: string; title: string; errors: Array<{ message: string; at: string | null }> };

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function parseBridgeMessage(data: unknown): BridgeState | null {
  if (!data || typeof data !== "object") return null;
  const message = data as Record<string, unknown>;
  if (message.source !== "blueprint-feedback-bridge" || typeof message.url !== "string") return null;
  const errors = Array.isArray(message.errors) ? message.errors : [];
  return {
    url: message.url.slice(0, 2048),
    title: typeof message.title === "string" ? message.title.slice(0, 200) : "",
    errors: errors
      .slice(-20)
      .filter((entry): entry is { message: string; at?: unknown } => typeof entry?.message === "string")
      .map((entry) => ({
        message: entry.message.slice(0, 1000),
        at: typeof entry.at === "string" ? entry.at.slice(0, 40) : null,
      })),
  };
}

export function usePrototypeBridge(frame: RefObject<HTMLIFrameElement | null>, prototypeUrl: string | null) {
  const [state, setState] = useState<BridgeState | null>(null);
  const origin = originOf(prototypeUrl);

  useEffect(() => {
    setState(null);
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const parsed = parseBridgeMessage(event.data);
      if (parsed) setState(parsed);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin, frame]);

  const requestState = useCallback(() => {
    if (origin) frame.current?.contentWindow?.postMessage({ source: "blueprint-portal", type: "request-state" }, origin);
  }, [origin, frame]);

  return { state, connected: state !== null, requestState, reset: () => setState(null) };
}
