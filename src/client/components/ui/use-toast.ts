// A tiny toast store: one toast at a time; any module may call toast().
import { useSyncExternalStore } from "react";
import { TOAST_LIMIT } from "../../../shared/constants/ui";

type ToastData = {
  id: number;
  title?: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  open: boolean;
};

let toasts: ToastData[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastData[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: Omit<ToastData, "id" | "open">): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number): void {
  emit(toasts.filter((t) => t.id !== id));
}

/** Calls the listener whenever the toasts change; returns the unsubscribe function. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    subscribeToToasts,
    () => toasts,
    () => toasts,
  );
}
