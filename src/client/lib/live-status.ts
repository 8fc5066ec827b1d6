// Whether this tab's live-updates stream is open: queries poll as a fallback only while it is not.
import { useSyncExternalStore } from "react";

let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connected,
    () => false,
  );
}

/** The fallback poll interval for a query: none while the stream is open. */
export function useFallbackPolling(intervalMs: number): number | false {
  return useLiveConnected() ? false : intervalMs;
}
