import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { fieldClassName, inputClassName } from "./variants";

export { fieldClassName };

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn("flex min-h-20 py-2", fieldClassName, className)} {...props} />;
}
