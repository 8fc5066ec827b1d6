// Small pieces both contact forms use: the Field spacing, inputs, a native select, the honeypot, the submit label.
import clsx from "clsx";
import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { HONEYPOT_FIELD } from "../../../../shared/constants/contact";
import { fieldClassName } from "../../../components/ui/variants";

/** The public forms' Field spacing (a little tighter than the portal's). */
export const PUBLIC_FIELD_CLASS = "grid gap-1.5";

export function TextInput({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={clsx("h-10 py-2", fieldClassName, className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={clsx("py-2", fieldClassName, className)} {...props} />;
}

export function NativeSelect({
  options,
  placeholder,
  className,
  ...props
}: ComponentProps<"select"> & { options: readonly string[]; placeholder: string }) {
  return (
    <select className={clsx("h-10", fieldClassName, className)} {...props}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

/** Off-screen and out of the tab order: people never fill it, form-filling bots do. */
export function Honeypot(props: ComponentProps<"input">) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...props} name={HONEYPOT_FIELD} />
      </label>
    </div>
  );
}

/** The submit button's look and its sending state: 'Sending...' with a spinner. */
export function SubmitLabel({ sending, icon }: { sending: boolean; icon: ReactNode }) {
  return (
    <>
      {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
      {sending ? "Sending..." : "Send Message"}
    </>
  );
}
