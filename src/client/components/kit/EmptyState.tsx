// What a screen or panel shows when it has nothing yet (no project, no brief, a prototype not ready or not loadable):
// an icon in a circle, a title, one explanation, and the ways on below it.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

const TONES = {
  brand: "bg-brand-50 text-brand-700",
  muted: "bg-slate-100 text-slate-500",
  warning: "bg-amber-100 text-amber-700",
};

export function EmptyState(props: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: ReactNode;
  /** The title's element: h2 as a page's own content, h3 inside a titled card, p inside a list. */
  titleAs: "h2" | "h3" | "p";
  description: ReactNode;
  /** The ways on: buttons, or a notice. */
  children?: ReactNode;
  /** The box's padding and background (default: padding for a card). */
  className?: string;
  role?: "alert";
}) {
  const Icon = props.icon;
  const Title = props.titleAs;
  return (
    <div role={props.role} className={cn("flex flex-col items-center gap-3 px-6 py-12 text-center", props.className)}>
      <span className={cn("flex size-12 items-center justify-center rounded-full", TONES[props.tone])}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Title className="text-lg font-semibold text-slate-900">{props.title}</Title>
      <p className="max-w-md text-sm text-slate-600">{props.description}</p>
      {props.children}
    </div>
  );
}
