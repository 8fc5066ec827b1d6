import { Loader2 } from "lucide-react";
import { cn } from "../../lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex">
      <Loader2 aria-hidden="true" className={cn("size-5 animate-spin text-brand-700", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullScreenSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <Spinner className="size-10" />
    </div>
  );
}
