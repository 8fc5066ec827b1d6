// Small pieces both contact forms use: a labelled field with its message, inputs, a native select, the honeypot.
import clsx from "clsx";
import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { HONEYPOT_FIELD } from "../../../../shared/constants/contact";
import { FieldMessage } from "../../../components/ui/field-message";
import { fieldClassName } from "../../../components/ui/variants";

export function Field(props: { id: string; label: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
        {props.required && (
          <span aria-hidden="true" className="text-red-600">
            {" "}
            *
          </span>
        )}
      </label>
      {props.children}
      <FieldMessage id={`${props.id}-error`} message={props.error} />
    </div>
  );
}

/** aria attributes that tie a control to its Field's message. */
export function describedBy(id: string, error: string | undefined) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}

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

/** The submit button's look and its sending state: 'Sending...' with a spinner (part 1 §4). */
export function SubmitLabel({ sending, icon }: { sending: boolean; icon: ReactNode }) {
  return (
    <>
      {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
      {sending ? "Sending..." : "Send Message"}
    </>
  );
}
