// A field's message, announced to screen readers; free of Radix and cn so the public pages can use it cheaply.

/** A form field: label, control, and its message (announced to screen readers). */
export function FieldMessage({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}
