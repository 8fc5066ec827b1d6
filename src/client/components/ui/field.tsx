// One form field for every form, portal and public site: label, control, optional hint, the field's message,
// and the ids that tie them together. Free of Radix and cn so the public pages can use it without their weight.
import { type ReactNode, useId } from "react";

/** What a control needs to belong to its Field; spread it on an input, a textarea, a native select or a Select. */
type FieldControlProps = {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** The control: `(control) => <Input {...control} {...form.register("name")} />`, or a controlled Select. */
  children: (control: FieldControlProps) => ReactNode;
  /** The control's id (defaults to a generated one). The hint is `<id>-hint`, the message `<id>-error`. */
  id?: string;
  /** Adds a red asterisk after the label, hidden from screen readers (the control says aria-required itself). */
  required?: boolean;
  /** Help text between the label and the control, read out with the control. */
  hint?: ReactNode;
  /** The field's message (a rule broken, or the server's message for this field). */
  error?: string | undefined;
  /** Shown at the end of the message line, such as a character count (give it `ml-auto` to sit on the right). */
  aside?: ReactNode;
  /** Shown under the message line; give it `describedBy` ids to have it read out with the control. */
  footer?: ReactNode;
  /** More ids that describe the control (after the hint, before the message). */
  describedBy?: string;
  /** These replace (not extend) the default classes of the wrapper, the label and the hint. */
  className?: string;
  labelClassName?: string;
  hintClassName?: string;
};

/** The message under a field, announced to screen readers as it appears. */
function FieldMessage({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}

export function Field(props: FieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, props.describedBy, errorId].filter(Boolean).join(" ") || undefined;
  const message = <FieldMessage id={`${id}-error`} message={props.error} />;

  return (
    <div className={props.className ?? "grid gap-2"}>
      <label htmlFor={id} className={props.labelClassName ?? "text-sm font-medium text-slate-800"}>
        {props.label}
        {props.required && (
          <span aria-hidden="true" className="text-red-600">
            {" "}
            *
          </span>
        )}
      </label>
      {props.hint && (
        <p id={hintId} className={props.hintClassName ?? "text-sm text-slate-600"}>
          {props.hint}
        </p>
      )}
      {props.children({ id, "aria-describedby": describedBy, "aria-invalid": props.error ? true : undefined })}
      {props.aside ? (
        <div className="flex flex-wrap items-start justify-between gap-2">
          {message}
          {props.aside}
        </div>
      ) : (
        message
      )}
      {props.footer}
    </div>
  );
}
