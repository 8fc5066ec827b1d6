// One card of a feature grid: an icon in a tinted square, a title and a line of text. `row` sets the icon beside the
// text (a list down the page), else above it (a grid across); `dark` is for a dark section; `compact` is the tighter
// card of a list beside other content.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export type Feature = { icon: LucideIcon; title: string; text: ReactNode };

export function FeatureCard({
  icon: Icon,
  title,
  text,
  layout = "stacked",
  tone = "light",
  compact = false,
}: Feature & { layout?: "row" | "stacked"; tone?: "light" | "dark"; compact?: boolean }) {
  const row = layout === "row";
  const dark = tone === "dark";
  const heading = (
    <h3 className={`${row ? "" : "mt-5 "}text-lg font-semibold ${dark ? "text-white" : "text-slate-950"}`}>{title}</h3>
  );
  const body = (
    <p className={`${compact ? "mt-1" : "mt-2"} leading-relaxed ${dark ? "text-slate-300" : "text-slate-600"}`}>{text}</p>
  );
  return (
    <li
      className={`${row ? "flex gap-5 " : ""}rounded-2xl border ${
        dark ? "border-white/10 bg-white/5 p-7" : `border-slate-200 bg-white ${compact ? "p-6" : "p-7"} shadow-sm`
      }`}
    >
      <span
        className={`flex ${dark ? "size-11" : "size-12"} ${row ? "shrink-0 " : ""}items-center justify-center rounded-xl ${
          dark ? "bg-red-500/15 text-red-300" : "bg-brand-100 text-brand-700"
        }`}
      >
        <Icon className={dark ? "size-5" : "size-6"} aria-hidden="true" />
      </span>
      {row ? (
        <div>
          {heading}
          {body}
        </div>
      ) : (
        <>
          {heading}
          {body}
        </>
      )}
    </li>
  );
}
