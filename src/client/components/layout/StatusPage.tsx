// The frame of a whole-page answer that is not the page asked for (not found, access denied): an icon and heading on
// one card in the middle of the screen, a line of explanation, and the ways on below it.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Card, CardContent } from "../ui/card";

/** The icon's colour: a refusal, or a plain answer. */
const TONES = { danger: "text-red-600", muted: "text-slate-500" } as const;
/** How the ways on are spaced: buttons side by side, or text links further apart. */
const ACTIONS = { buttons: "gap-3", links: "gap-x-6 gap-y-2" } as const;

export function StatusPage({
  icon: Icon,
  tone,
  text,
  actions,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  text: { heading: string; body: string };
  actions: keyof typeof ACTIONS;
  /** The ways on. */
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <Icon className={cn("size-8 shrink-0", TONES[tone])} aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">{text.heading}</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">{text.body}</p>
          <div className={cn("mt-6 flex flex-wrap", ACTIONS[actions])}>{children}</div>
        </CardContent>
      </Card>
    </main>
  );
}
