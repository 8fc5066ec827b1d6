// The dashboard's top half: What's Next, Your Progress, the four stat cards and the nine-step journey.
import { ArrowRight, CalendarClock, Check, Circle, Gauge, Layers, Minus, Users } from "lucide-react";
import { Link } from "react-router";
import {
  authorizedUsersStat,
  estimatedCompletionStat,
  iterationsStat,
  projectStatusStat,
  type StatCard,
} from "../../../shared/domain/dashboard";
import { JOURNEY_STEP_STATE_LABELS, journeyFor, journeyGroupsFor } from "../../../shared/domain/journey";
import type { NextAction } from "../../../shared/domain/next-action";
import { overallProgress } from "../../../shared/domain/overall-progress";
import type { Profile } from "../../../shared/schemas/profile";
import type { Project } from "../../../shared/schemas/project";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { cn } from "../../lib/cn";
import { viewerTimeZone } from "../../lib/date-time";

export function NextActionCard({ action }: { action: NextAction }) {
  return (
    <Card className="border-brand-200 bg-gradient-to-br from-brand-50 to-white" data-testid="next-action">
      <CardHeader>
        <CardDescription className="font-semibold tracking-wide text-brand-700 uppercase">What's Next</CardDescription>
        <CardTitle className="text-2xl">{action.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-slate-700">{action.description}</p>
        <div>
          <Button asChild>
            <Link to={action.target}>
              {action.actionLabel}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function ProgressCard({ profile, project }: { profile: Profile | null; project: Project | null }) {
  const progress = overallProgress({ profile, project });
  return (
    <Card data-testid="your-progress">
      <CardHeader>
        <CardTitle>Your Progress</CardTitle>
        <CardDescription>{progress.percent}% complete</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Progress value={progress.percent} label="Overall progress" />
        <ul className="grid gap-2">
          {progress.items.map((item) => (
            <li key={item.id} className="flex items-center gap-2 text-sm">
              {item.done ? (
                <Check className="size-4 text-emerald-600" aria-hidden="true" />
              ) : (
                <Circle className="size-4 text-slate-300" aria-hidden="true" />
              )}
              <span className={item.done ? "text-slate-900" : "text-slate-500"}>{item.label}</span>
              <span className="sr-only">{item.done ? "(done)" : "(not done yet)"}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function Stat({
  title,
  icon: Icon,
  stat,
  children,
}: {
  title: string;
  icon: typeof Gauge;
  stat: StatCard;
  children?: React.ReactNode;
}) {
  return (
    <Card>
      <CardContent className="grid gap-2 pt-5">
        <div className="flex items-center justify-between">
          <p className="text-sm font-medium text-slate-600">{title}</p>
          <Icon className="size-5 text-brand-600" aria-hidden="true" />
        </div>
        {/* Our own words (a status name): broken only where a word cannot fit at all, never mid-word to save space. */}
        <p
          className="text-xl leading-tight font-bold text-slate-900 [overflow-wrap:break-word] xl:text-2xl"
          data-testid="stat-value"
        >
          {stat.value}
        </p>
        {children}
        <p className={cn("text-xs", stat.empty ? "text-slate-500 italic" : "text-slate-600")}>{stat.detail}</p>
      </CardContent>
    </Card>
  );
}

/** The four figures; the seats (Authorized Users) only for those who manage the project's users. */
export function StatCards({
  profile,
  project,
  showSeats,
}: {
  profile: Profile | null;
  project: Project | null;
  showSeats: boolean;
}) {
  const status = projectStatusStat(project, overallProgress({ profile, project }).percent);
  return (
    <section
      aria-label="Project figures"
      className={cn("grid gap-4 sm:grid-cols-2", showSeats ? "xl:grid-cols-4" : "xl:grid-cols-3")}
      data-testid="stat-cards"
    >
      <Stat title="Project Status" icon={Gauge} stat={status}>
        <Progress value={status.percent ?? 0} label="Project status progress" />
      </Stat>
      {showSeats && <Stat title="Authorized Users" icon={Users} stat={authorizedUsersStat(project)} />}
      <Stat title="Iterations Used" icon={Layers} stat={iterationsStat(project)} />
      <Stat title="Est. Completion" icon={CalendarClock} stat={estimatedCompletionStat(project, new Date(), viewerTimeZone())} />
    </section>
  );
}

export function JourneyTimeline({ profile, project }: { profile: Profile | null; project: Project | null }) {
  const steps = journeyFor({ profile, project, now: new Date() });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Journey</CardTitle>
        <CardDescription>From idea to a deployed prototype, step by step.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ol className="grid gap-3 sm:grid-cols-3 2xl:grid-cols-10" data-testid="journey">
          {steps.map((step, index) => (
            <li
              key={step.id}
              data-state={step.state}
              aria-current={step.state === "current" ? "step" : undefined}
              className={cn(
                "flex items-start gap-3 rounded-lg border p-3 2xl:flex-col 2xl:items-center 2xl:text-center",
                step.state === "current" && "border-brand-300 bg-brand-50",
                step.state === "completed" && "border-emerald-200 bg-emerald-50/50",
                (step.state === "upcoming" || step.state === "not_needed") && "border-slate-200",
              )}
            >
              <span
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                  step.state === "completed" && "bg-emerald-600 text-white",
                  step.state === "current" && "bg-brand-700 text-white",
                  (step.state === "upcoming" || step.state === "not_needed") && "bg-slate-100 text-slate-600",
                )}
              >
                {step.state === "completed" ? (
                  <Check className="size-4" aria-hidden="true" />
                ) : step.state === "not_needed" ? (
                  <Minus className="size-4" aria-hidden="true" />
                ) : (
                  index + 1
                )}
              </span>
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold text-slate-900">{step.title}</span>
                <span className="text-xs text-slate-600">{step.duration}</span>
                <span className="text-xs font-medium text-slate-600">{JOURNEY_STEP_STATE_LABELS[step.state]}</span>
              </span>
            </li>
          ))}
        </ol>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-600">
          {journeyGroupsFor(project).map((group) => (
            <div key={group.id} className="flex gap-1">
              <dt className="font-semibold text-slate-700">{group.title}:</dt>
              <dd>{group.duration}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
