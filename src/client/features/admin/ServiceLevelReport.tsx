// "Answered within promise, last 30 days": for each promise the site makes (shared/domain/service-levels.ts), how
// many of the items that came due were answered in time.
import { Timer } from "lucide-react";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { useServiceLevelReport } from "./api/get-service-levels";

export function ServiceLevelReport() {
  const report = useServiceLevelReport();
  return (
    <Card className="p-4" data-testid="service-level-report">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Timer className="size-4 text-brand-600" aria-hidden="true" />
        Answered within promise, last {report.data?.days ?? 30} days
      </h2>
      {report.isPending ? (
        <Skeleton className="mt-3 h-14 w-full" />
      ) : report.isError ? (
        <p className="mt-2 text-sm text-red-600">The figures could not be loaded.</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {report.data.kinds.map((k) => {
            const share = k.total === 0 ? null : Math.round((k.withinPromise / k.total) * 100);
            return (
              <div key={k.kind} className="rounded-lg bg-slate-50 p-3" data-testid={`service-level-${k.kind}`}>
                <dt className="text-xs font-medium text-slate-600">{k.label}</dt>
                <dd>
                  <span
                    className={cn(
                      "text-xl font-bold tabular-nums",
                      share === null
                        ? "text-slate-400"
                        : share >= 90
                          ? "text-emerald-700"
                          : share >= 70
                            ? "text-amber-700"
                            : "text-red-700",
                    )}
                  >
                    {share === null ? "—" : `${share}%`}
                  </span>
                  <span className="ml-2 text-xs text-slate-600">
                    {k.total === 0 ? "none came due" : `${k.withinPromise} of ${k.total}`}
                  </span>
                  <span className="block text-xs text-slate-500">{k.promise}</span>
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </Card>
  );
}
