// The screenshot control of Submit Feedback: choose, paste (Ctrl+V anywhere in the dialog) or drop an image; a
// preview with Mark up, Remove and Replace. It sits inside a Field, which gives the file input its label, hint
// ('PNG, JPG up to 5MB') and message; the form's schema checks the file (feedback-form.ts), the server again.
import { ImagePlus, PenLine, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { SCREENSHOT_RULE } from "../../../shared/files/file-check";
import { FilePicker } from "../../components/kit/FilePicker";
import { Button } from "../../components/ui/button";
import type { FieldControlProps } from "../../components/ui/field";
import { cn } from "../../lib/cn";
import { ScreenshotEditor } from "./ScreenshotEditor";

export function ScreenshotField({
  control,
  value,
  invalid,
  existingUrl,
  onPick,
  onRemove,
}: {
  control: FieldControlProps;
  /** The new image, or null. */
  value: Blob | null;
  /** The new image was refused (its message is the Field's): it is not previewed. */
  invalid: boolean;
  /** The stored screenshot when editing an item that has one. */
  existingUrl: string | null;
  onPick: (file: Blob) => void;
  onRemove: () => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [marking, setMarking] = useState(false);
  const accepted = value && !invalid ? value : null;

  useEffect(() => {
    if (!accepted) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(accepted);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [accepted]);

  const shown = preview ?? (value === null ? existingUrl : null);

  return (
    <>
      <FilePicker input={control} accept={SCREENSHOT_RULE.accept} onFile={onPick}>
        {({ browse, dragging }) =>
          shown ? (
            <div className="grid gap-2 rounded-lg border border-slate-200 p-2">
              <img src={shown} alt="Screenshot preview" className="max-h-56 w-full rounded-md bg-slate-50 object-contain" />
              <div className="flex flex-wrap gap-2">
                {accepted && (
                  <Button type="button" size="sm" variant="outline" onClick={() => setMarking(true)}>
                    <PenLine aria-hidden="true" />
                    Mark up
                  </Button>
                )}
                {accepted && (
                  <Button type="button" size="sm" variant="outline" onClick={onRemove}>
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                )}
                <Button type="button" size="sm" variant="ghost" onClick={browse}>
                  <ImagePlus aria-hidden="true" />
                  Replace
                </Button>
              </div>
            </div>
          ) : (
            <div
              className={cn(
                "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
                dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50",
                invalid && !dragging && "border-red-400 bg-red-50/40",
              )}
              data-testid="screenshot-dropzone"
            >
              <ImagePlus className="size-7 text-slate-400" aria-hidden="true" />
              <p className="text-sm text-slate-700">
                <button
                  type="button"
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  onClick={browse}
                >
                  Choose an image
                </button>
                , drop it here, or paste it (Ctrl+V)
              </p>
            </div>
          )
        }
      </FilePicker>
      {accepted && (
        <ScreenshotEditor image={accepted} open={marking} onOpenChange={setMarking} onDone={(marked) => onPick(marked)} />
      )}
    </>
  );
}
