// Mark up a screenshot before sending: box, arrow, freehand and a blur brush (pixelates, so private data is gone
// from the stored image), with undo. The composed image is what gets uploaded.
import { ArrowUpRight, Check, Droplets, Loader2, Pencil, Square, Undo2 } from "lucide-react";
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { FEEDBACK_MESSAGES } from "../../../shared/schemas/feedback";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";

type Tool = "box" | "arrow" | "pen" | "blur";
type Point = { x: number; y: number };
type Mark = { tool: Tool; points: Point[] };

const TOOLS: Array<{ tool: Tool; label: string; icon: typeof Square }> = [
  { tool: "box", label: "Box", icon: Square },
  { tool: "arrow", label: "Arrow", icon: ArrowUpRight },
  { tool: "pen", label: "Freehand", icon: Pencil },
  { tool: "blur", label: "Blur", icon: Droplets },
];
const MARK_COLOR = "#ef4444";
const PIXEL_BLOCK = 12;

function loadImage(blob: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("not an image"));
    };
    image.src = url;
  });
}

function pixelated(image: HTMLImageElement): HTMLCanvasElement {
  const small = document.createElement("canvas");
  small.width = Math.max(1, Math.ceil(image.naturalWidth / PIXEL_BLOCK));
  small.height = Math.max(1, Math.ceil(image.naturalHeight / PIXEL_BLOCK));
  small.getContext("2d")?.drawImage(image, 0, 0, small.width, small.height);
  const big = document.createElement("canvas");
  big.width = image.naturalWidth;
  big.height = image.naturalHeight;
  const ctx = big.getContext("2d");
  if (ctx) {
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(small, 0, 0, big.width, big.height);
  }
  return big;
}

function drawMark(ctx: CanvasRenderingContext2D, mark: Mark, blurred: HTMLCanvasElement, width: number) {
  const line = Math.max(3, Math.round(width / 300));
  const [start, ...rest] = mark.points;
  const end = rest[rest.length - 1] ?? start;
  if (!start || !end) return;
  ctx.save();
  ctx.strokeStyle = MARK_COLOR;
  ctx.fillStyle = MARK_COLOR;
  ctx.lineWidth = line;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  if (mark.tool === "box") {
    ctx.strokeRect(start.x, start.y, end.x - start.x, end.y - start.y);
  } else if (mark.tool === "arrow") {
    const angle = Math.atan2(end.y - start.y, end.x - start.x);
    const head = line * 5;
    ctx.beginPath();
    ctx.moveTo(start.x, start.y);
    ctx.lineTo(end.x, end.y);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(end.x, end.y);
    ctx.lineTo(end.x - head * Math.cos(angle - Math.PI / 7), end.y - head * Math.sin(angle - Math.PI / 7));
    ctx.lineTo(end.x - head * Math.cos(angle + Math.PI / 7), end.y - head * Math.sin(angle + Math.PI / 7));
    ctx.closePath();
    ctx.fill();
  } else if (mark.tool === "pen") {
    ctx.beginPath();
    ctx.moveTo(start.x, start.y);
    for (const point of rest) ctx.lineTo(point.x, point.y);
    ctx.stroke();
  } else {
    const radius = Math.max(14, Math.round(width / 40));
    ctx.beginPath();
    for (const point of mark.points) {
      ctx.moveTo(point.x + radius, point.y);
      ctx.arc(point.x, point.y, radius, 0, Math.PI * 2);
    }
    ctx.clip();
    ctx.drawImage(blurred, 0, 0);
  }
  ctx.restore();
}

/** The canvas as an image no larger than the limit: the original type first (GIF becomes PNG), then smaller JPEGs. */
async function exportCanvas(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  const attempts: Array<[string, number | undefined]> = [
    [type === "image/gif" ? "image/png" : type, 0.92],
    ["image/jpeg", 0.85],
    ["image/jpeg", 0.7],
  ];
  for (const [format, quality] of attempts) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, format, quality));
    if (blob && blob.size <= MAX_SCREENSHOT_BYTES) return blob;
  }
  return null;
}

export function ScreenshotEditor({
  image,
  open,
  onOpenChange,
  onDone,
}: {
  image: Blob;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (marked: Blob) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [source, setSource] = useState<{ image: HTMLImageElement; blurred: HTMLCanvasElement } | null>(null);
  const [marks, setMarks] = useState<Mark[]>([]);
  const [drawing, setDrawing] = useState<Mark | null>(null);
  const [tool, setTool] = useState<Tool>("box");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setMarks([]);
    setError(null);
    loadImage(image)
      .then((loaded) => {
        if (!cancelled) setSource({ image: loaded, blurred: pixelated(loaded) });
      })
      .catch(() => !cancelled && setError(FEEDBACK_MESSAGES.notAnImage));
    return () => {
      cancelled = true;
    };
  }, [image, open]);

  const render = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx || !source) return;
    canvas.width = source.image.naturalWidth;
    canvas.height = source.image.naturalHeight;
    ctx.drawImage(source.image, 0, 0);
    for (const mark of drawing ? [...marks, drawing] : marks) drawMark(ctx, mark, source.blurred, canvas.width);
  }, [source, marks, drawing]);

  useEffect(render, [render]);

  const toImagePoint = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * canvas.width,
      y: ((event.clientY - box.top) / box.height) * canvas.height,
    };
  };

  // The stroke being drawn lives in a ref as well: pointer events can come faster than React renders, and a stroke
  // read from a stale render would lose points (or the whole mark on a quick release).
  const drawingRef = useRef<Mark | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drawingRef.current = { tool, points: [toImagePoint(event)] };
    setDrawing(drawingRef.current);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = drawingRef.current;
    if (!current) return;
    const point = toImagePoint(event);
    drawingRef.current = {
      ...current,
      points:
        current.tool === "pen" || current.tool === "blur" ? [...current.points, point] : [current.points[0] ?? point, point],
    };
    setDrawing(drawingRef.current);
  };
  const onPointerUp = () => {
    const mark = drawingRef.current;
    drawingRef.current = null;
    setDrawing(null);
    // A click without a drag draws no box or arrow; it must not become an invisible step for Undo.
    if (mark && (mark.points.length > 1 || mark.tool === "blur")) setMarks((current) => [...current, mark]);
  };

  const done = async () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    setSaving(true);
    const blob = await exportCanvas(canvas, image.type);
    setSaving(false);
    if (!blob) {
      setError(FEEDBACK_MESSAGES.imageTooLarge);
      return;
    }
    onDone(blob);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader
          title="Mark up screenshot"
          description="Draw a box or an arrow to point at the problem; blur anything private. The marked-up image is what we receive."
        />
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Markup tools">
          {TOOLS.map(({ tool: value, label, icon: Icon }) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={tool === value ? "default" : "outline"}
              aria-pressed={tool === value}
              onClick={() => setTool(value)}
            >
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => setMarks((current) => current.slice(0, -1))}
            disabled={marks.length === 0}
          >
            <Undo2 aria-hidden="true" />
            Undo
          </Button>
        </div>
        <div className="flex max-h-[60vh] justify-center overflow-auto rounded-lg border border-slate-200 bg-slate-100 p-2">
          {source ? (
            <canvas
              ref={canvasRef}
              aria-label="Screenshot being marked up"
              className={cn("h-auto max-w-full touch-none", tool === "blur" ? "cursor-cell" : "cursor-crosshair")}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            />
          ) : error ? null : (
            <Loader2 className="m-12 size-8 animate-spin text-brand-600" aria-hidden="true" />
          )}
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={done} disabled={!source || saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
            Use marked-up image
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
