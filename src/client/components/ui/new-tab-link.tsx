// Links that leave the portal (a meeting, a payment page, the hosted prototype) open in a new tab without an opener.
import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "./button";

export function NewTabLink(props: Omit<ComponentProps<"a">, "target" | "rel">) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}

/** A button that opens `href` in a new tab, its icon before the label. */
export function NewTabButton({
  href,
  icon: Icon,
  children,
  ...button
}: { href: string; icon: LucideIcon; children: ReactNode } & Pick<
  ComponentProps<typeof Button>,
  "variant" | "size" | "className"
>) {
  return (
    <Button asChild {...button}>
      <NewTabLink href={href}>
        <Icon aria-hidden="true" />
        {children}
      </NewTabLink>
    </Button>
  );
}
