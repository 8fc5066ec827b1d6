// A value that follows another once it has stopped changing for `delayMs` (a search box's text before it is asked for).
import { useEffect, useState } from "react";

/** How long a search box waits for the typing to stop before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
