// One way to pick a file: browse (the hidden file input), drop it on the area, or paste it while the area has focus.
// With a rule, the file is checked at once by size and by its first bytes (the server checks again) and a refused file
// goes to onReject with the message to show; without one, the form's own schema checks it.
import { type ClipboardEvent, type DragEvent, type ReactNode, useRef, useState } from "react";
import { type FileRule, fileProblem } from "../../../shared/files/file-check";
import { cn } from "../../lib/cn";
import type { FieldControlProps } from "../ui/field";

export type FilePickerControls = { browse: () => void; dragging: boolean };

export function FilePicker(props: {
  onFile: (file: File) => void;
  rule?: FileRule;
  onReject?: (message: string) => void;
  /** The browser picker's hint when there is no rule ("application/pdf,.pdf"). */
  accept?: string;
  /** The file input's label: a Field's control props, or an aria-label. */
  input: FieldControlProps | { "aria-label": string };
  disabled?: boolean;
  className?: string;
  draggingClassName?: string;
  "data-testid"?: string;
  children: (controls: FilePickerControls) => ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file || props.disabled) return;
    const problem = props.rule ? await fileProblem(file, props.rule) : null;
    if (problem) props.onReject?.(problem);
    else props.onFile(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = event.clipboardData.files[0];
    if (!file) return;
    event.preventDefault();
    void take(file);
  };
  const browse = () => inputRef.current?.click();

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping and pasting are extras; the input and browse do the same
    <div
      className={cn(props.className, dragging && props.draggingClassName)}
      data-testid={props["data-testid"]}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onPaste={onPaste}
    >
      {props.children({ browse, dragging })}
      <input
        {...props.input}
        ref={inputRef}
        type="file"
        accept={props.rule?.accept ?? props.accept}
        disabled={props.disabled}
        className="sr-only"
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
    </div>
  );
}
