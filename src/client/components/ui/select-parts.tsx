// The select's code (Radix Select with Floating UI, the focus guards and the scroll lock), loaded on the first touch of
// its trigger by select.tsx, which holds the closed trigger's look until then.
import { Check, ChevronDown } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { PLACEHOLDER, type SelectProps, selectTriggerClassName } from "./select-props";

export function Select(props: SelectProps & { triggerRef: (element: HTMLElement | null) => void }) {
  return (
    <SelectPrimitive.Root value={props.value || undefined} onValueChange={props.onValueChange} disabled={props.disabled}>
      <SelectPrimitive.Trigger
        ref={props.triggerRef}
        id={props.id}
        aria-invalid={props["aria-invalid"] || undefined}
        aria-describedby={props["aria-describedby"]}
        aria-label={props["aria-label"]}
        className={cn(selectTriggerClassName, props.className)}
      >
        <SelectPrimitive.Value placeholder={props.placeholder ?? PLACEHOLDER} />
        <SelectPrimitive.Icon>
          <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 max-w-[calc(100vw-1rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <SelectPrimitive.Viewport className="p-1">
            {props.options.map((option) => (
              <SelectItem key={option.value} value={option.value} title={option.label}>
                {option.label}
              </SelectItem>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex cursor-pointer items-center rounded-md py-2 pr-8 pl-3 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100",
        className,
      )}
      {...props}
    >
      {/* A long option (a project's full name) takes two lines at most; its title holds the whole text. */}
      <span className="line-clamp-2 min-w-0 [overflow-wrap:anywhere]">
        <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      </span>
      <SelectPrimitive.ItemIndicator className="absolute right-2">
        <Check className="size-4" aria-hidden="true" />
      </SelectPrimitive.ItemIndicator>
    </SelectPrimitive.Item>
  );
}
