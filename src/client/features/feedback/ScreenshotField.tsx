// The screenshot of a feedback item: choose, paste (Ctrl+V anywhere in the dialog) or drop an image; preview with
// Remove and Mark up. Type by magic bytes and size are checked here at once; the server checks again.
import { ImagePlus, PenLine, Trash2 } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { IMAGE_CONTENT_TYPES, MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { detectFileType } from "../../../shared/files/detect-file-type";
import { FEEDBACK_MESSAGES } from "../../../shared/schemas/feedback";
import { Button } from "../../components/ui/button";
import { FieldMessage } from "../../components/ui/field";
import { cn } from "../../lib/cn";
import { ScreenshotEditor } from "./ScreenshotEditor";

/** Why this file cannot be a screenshot, or null when it can. */
export async function screenshotProblem(file: Blob): Promise<string | null> {
  if (file.size > MAX_SCREENSHOT_BYTES) return FEEDBACK_MESSAGES.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const detected = detectFileType(head);
  return detected?.category === "image" ? null : FEEDBACK_MESSAGES.notAnImage;
}

export function ScreenshotField({
  value,
  existingUrl,
  onChange,
  error,
  onError,
}: {
  value: Blob | null;
  /** The stored screenshot when editing an item that has one. */
  existingUrl: string | null;
  onChange: (blob: Blob | null) => void;
  error: string | undefined;
  onError: (message: string | undefined) => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const take = async (file: File | Blob | null | undefined) => {
    if (!file) return;
    const problem = await screenshotProblem(file);
    onError(problem ?? undefined);
    if (!problem) onChange(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const shown = preview ?? (value === null ? existingUrl : null);
  const describedBy = `${inputId}-hint${error ? ` ${inputId}-error` : ""}`;

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Screenshot <span className="font-normal text-slate-500">(optional)</span>
      </label>
      {shown ? (
        <div className="grid gap-2 rounded-lg border border-slate-200 p-2">
          <img src={shown} alt="Screenshot preview" className="max-h-56 w-full rounded-md bg-slate-50 object-contain" />
          <div className="flex flex-wrap gap-2">
            {value && (
              <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
                <PenLine aria-hidden="true" />
                Mark up
              </Button>
            )}
            {value && (
              <Button type="button" size="sm" variant="outline" onClick={() => onChange(null)}>
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            )}
            <Button type="button" size="sm" variant="ghost" onClick={() => inputRef.current?.click()}>
              <ImagePlus aria-hidden="true" />
              Replace
            </Button>
          </div>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra; the button inside does the same
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
            dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50",
            error && "border-red-400",
          )}
          data-testid="screenshot-dropzone"
        >
          <ImagePlus className="size-7 text-slate-400" aria-hidden="true" />
          <p className="text-sm text-slate-700">
            <button
              type="button"
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              onClick={() => inputRef.current?.click()}
            >
              Choose an image
            </button>
            , drop it here, or paste it (Ctrl+V)
          </p>
          <p id={`${inputId}-hint`} className="text-xs text-slate-500">
            {FEEDBACK_MESSAGES.screenshotHint}
          </p>
        </div>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_CONTENT_TYPES.join(",")}
        className="sr-only"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <FieldMessage id={`${inputId}-error`} message={error} />
      {value && <ScreenshotEditor image={value} open={editing} onOpenChange={setEditing} onDone={onChange} />}
    </div>
  );
}
