// The delivery clock on the dashboard: before it starts, what starts it (the missing step named); while it runs, the
// due time in the viewer's zone and the hours left, updated every minute; after, how long delivery took, and honestly
// how late when it was. Members see the same (the payment itself is not shown to them).
import { CheckCircle2, Hourglass, Timer, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { PACKAGES } from "../../../shared/constants/packages";
import { hoursText, readDeliveryClock } from "../../../shared/domain/delivery-clock";
import { memberLevelOf } from "../../../shared/domain/next-action";
import type { Project } from "../../../shared/schemas/project";
import { Card, CardContent } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/date-time";
import { useRequirements } from "../projects/api/get-requirements";

const MINUTE = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function DeliveryClockCard({ project }: { project: Project }) {
  const now = useNow();
  const requirements = useRequirements(project.id);
  const member = memberLevelOf(project) !== null;
  const promised = PACKAGES[project.packageType].deliveryHours;
  const clock = readDeliveryClock(
    {
      ...project,
      briefConfirmed: requirements.isSuccess ? Boolean(requirements.data?.briefConfirmed) : undefined,
      // A member is not told the payments: the advance is named as a condition, not as missing.
      advancePaymentReceivedDate: member ? "unknown" : project.advancePaymentReceivedDate,
    },
    now,
  );
  if (clock.state === "none") return null;

  if (clock.state === "waiting") {
    const steps = [
      ...(clock.missing.includes("brief") ? ["your project brief is confirmed"] : []),
      ...(clock.missing.includes("advance") ? ["the advance payment is received"] : []),
    ];
    const what =
      steps.length > 0
        ? steps.join(" and ")
        : member
          ? "the brief is confirmed and the advance payment is received"
          : "the next status check runs";
    return (
      <ClockFrame icon={Hourglass} tone="slate" label="Delivery clock">
        <p className="text-lg font-semibold text-slate-900">Your {promised}-hour clock has not started yet</p>
        <p className="text-sm text-slate-600">It starts as soon as {what}.</p>
      </ClockFrame>
    );
  }

  if (clock.state === "running") {
    const started = project.deliveryStartedAt ? new Date(project.deliveryStartedAt).getTime() : now.getTime();
    const elapsed = Math.min(100, Math.max(0, ((now.getTime() - started) / (promised * 3_600_000)) * 100));
    return (
      <ClockFrame icon={clock.overdue ? TriangleAlert : Timer} tone={clock.overdue ? "amber" : "brand"} label="Delivery clock">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="text-lg font-semibold text-slate-900" data-testid="delivery-clock-headline">
            {clock.overdue
              ? clock.hoursLate > 0
                ? `Running ${hoursText(clock.hoursLate)} late`
                : "Due now"
              : `${hoursText(clock.hoursLeft)} left`}
          </p>
          <p className="text-sm text-slate-600">
            Prototype due <time dateTime={project.deliveryDueAt ?? undefined}>{formatDateTime(project.deliveryDueAt)}</time>
          </p>
        </div>
        <Progress value={Math.round(elapsed)} label={`${Math.round(elapsed)}% of the ${promised} hours used`} />
        <p className="text-sm text-slate-600">
          {clock.overdue
            ? "We are past the promised time. Our team will post an update on what is left."
            : `Your ${promised}-hour delivery clock is running. The first prototype version stops it.`}
        </p>
      </ClockFrame>
    );
  }

  return (
    <ClockFrame icon={CheckCircle2} tone={clock.late ? "amber" : "emerald"} label="Delivery clock">
      <p className="text-lg font-semibold text-slate-900" data-testid="delivery-clock-headline">
        Delivered in {hoursText(clock.hoursTaken)}
      </p>
      <p className="text-sm text-slate-600">
        {clock.late
          ? `That is ${hoursText(clock.hoursLate)} later than the ${promised} hours promised.`
          : `Within the ${promised} hours promised.`}
      </p>
    </ClockFrame>
  );
}

const TONES = {
  slate: "bg-slate-100 text-slate-600",
  brand: "bg-brand-50 text-brand-700",
  amber: "bg-amber-50 text-amber-700",
  emerald: "bg-emerald-50 text-emerald-700",
} as const;

function ClockFrame({
  icon: Icon,
  tone,
  label,
  children,
}: {
  icon: typeof Timer;
  tone: keyof typeof TONES;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Card data-testid="delivery-clock">
      <CardContent className="flex items-start gap-4 p-5">
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-full", TONES[tone])}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          {children}
        </div>
      </CardContent>
    </Card>
  );
}
