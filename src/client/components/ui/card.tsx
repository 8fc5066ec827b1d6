import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { cardClassNames } from "./variants";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(cardClassNames.root, className)} {...props} />;
}
export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(cardClassNames.header, className)} {...props} />;
}
// An h2: cards sit directly under a page's h1 (PageHeader), and headings must not skip a level.
export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cn(cardClassNames.title, className)} {...props} />;
}
/** A card's title after its icon, for the cards of a settings or overview page. */
export function CardIconTitle({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <Icon className="size-5 text-brand-700" aria-hidden="true" />
      <CardTitle>{children}</CardTitle>
    </div>
  );
}
export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn(cardClassNames.description, className)} {...props} />;
}
export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(cardClassNames.content, className)} {...props} />;
}
