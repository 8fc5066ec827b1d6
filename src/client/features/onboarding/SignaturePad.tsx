// The NDA signature: a 200 px pad that takes mouse, touch and pen (pointer events), with a typed alternative for
// keyboard and screen-reader users. Either way the result is a PNG data URL.
import { Eraser, Keyboard, PenLine } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { SignatureMethod } from "../../../shared/schemas/nda";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { drawTypedSignature, loadSignatureFont } from "./typed-signature";

const SIGNATURE_HEIGHT = 200;
/** Higher densities add bytes, not legibility. */
const MAX_SCALE = 2;

export type SignatureValue = { dataUrl: string; method: SignatureMethod } | null;

type Point = { x: number; y: number; width: number };

function useCanvasScale(canvas: React.RefObject<HTMLCanvasElement | null>, onResize: () => void) {
  const scale = useRef(1);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const resize = () => {
      scale.current = Math.min(window.devicePixelRatio || 1, MAX_SCALE);
      const width = Math.max(element.clientWidth, 200);
      element.width = Math.round(width * scale.current);
      element.height = Math.round(SIGNATURE_HEIGHT * scale.current);
      onResize();
    };
    resize();
    const observer = new ResizeObserver(() => {
      if (Math.round(element.clientWidth * scale.current) !== element.width) resize();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canvas, onResize]);
  return scale;
}

function DrawPad({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const active = useRef<number | null>(null);
  const [empty, setEmpty] = useState(true);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const s = canvas.width / Math.max(canvas.clientWidth, 1);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.setTransform(s, 0, 0, s, 0, 0);
    context.strokeStyle = "#1e1b4b";
    context.fillStyle = "#1e1b4b";
    context.lineCap = "round";
    context.lineJoin = "round";
    for (const stroke of strokes.current) {
      const [first] = stroke;
      if (!first) continue;
      if (stroke.length === 1) {
        context.beginPath();
        context.arc(first.x, first.y, first.width / 2, 0, Math.PI * 2);
        context.fill();
        continue;
      }
      for (let i = 1; i < stroke.length; i++) {
        const from = stroke[i - 1] as Point;
        const to = stroke[i] as Point;
        context.beginPath();
        context.lineWidth = (from.width + to.width) / 2;
        context.moveTo(from.x, from.y);
        context.lineTo(to.x, to.y);
        context.stroke();
      }
    }
  }, []);
  useCanvasScale(canvasRef, redraw);

  const pointFrom = (event: PointerEvent | React.PointerEvent<HTMLCanvasElement>): Point => {
    const rect = (canvasRef.current as HTMLCanvasElement).getBoundingClientRect();
    const pressure = event.pointerType === "pen" && event.pressure > 0 ? event.pressure : 0.5;
    return { x: event.clientX - rect.left, y: event.clientY - rect.top, width: 1.2 + pressure * 3 };
  };

  const finish = () => {
    if (active.current === null) return;
    active.current = null;
    const canvas = canvasRef.current;
    if (canvas && strokes.current.length > 0) onChange(canvas.toDataURL("image/png"));
  };

  const clear = () => {
    strokes.current = [];
    setEmpty(true);
    redraw();
    onChange(null);
  };

  return (
    <div className="grid gap-2">
      <div className="relative">
        <canvas
          ref={canvasRef}
          data-testid="signature-canvas"
          aria-label="Signature pad: sign with a mouse, a finger or a pen"
          role="img"
          className="block w-full cursor-crosshair touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
          style={{ height: SIGNATURE_HEIGHT }}
          onPointerDown={(event) => {
            if (event.button !== 0 && event.pointerType === "mouse") return;
            event.preventDefault();
            event.currentTarget.setPointerCapture(event.pointerId);
            active.current = event.pointerId;
            strokes.current.push([pointFrom(event)]);
            setEmpty(false);
            redraw();
          }}
          onPointerMove={(event) => {
            if (active.current !== event.pointerId) return;
            const stroke = strokes.current.at(-1);
            if (!stroke) return;
            const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
            for (const e of events.length ? events : [event.nativeEvent]) stroke.push(pointFrom(e));
            redraw();
          }}
          onPointerUp={finish}
          onPointerCancel={finish}
          onLostPointerCapture={finish}
        />
        {empty && (
          <span className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-slate-400">
            Sign here
          </span>
        )}
        <span aria-hidden="true" className="pointer-events-none absolute right-6 bottom-10 left-6 border-b border-slate-300" />
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-slate-500">Use your mouse, finger or pen.</p>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={empty}>
          <Eraser aria-hidden="true" />
          Clear
        </Button>
      </div>
    </div>
  );
}

function TypePad({ defaultName, onChange }: { defaultName: string; onChange: (dataUrl: string | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Never pre-filled: typing one's name is the deliberate act of signing. The profile's name is only the placeholder.
  const [name, setName] = useState("");
  const [fontReady, setFontReady] = useState(false);
  const inputId = useId();

  const render = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas || !fontReady) return;
    const scale = canvas.width / Math.max(canvas.clientWidth, 1);
    drawTypedSignature(canvas, name, scale);
    onChange(name.trim() ? canvas.toDataURL("image/png") : null);
  }, [name, fontReady, onChange]);
  useCanvasScale(canvasRef, render);

  useEffect(() => {
    let cancelled = false;
    loadSignatureFont()
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) setFontReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(render, [render]);

  return (
    <Field
      id={inputId}
      label="Type your full name"
      footer={
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={name.trim() ? `Your typed signature: ${name.trim()}` : "Your typed signature appears here"}
          className="block w-full rounded-lg border-2 border-dashed border-slate-300 bg-white"
          style={{ height: SIGNATURE_HEIGHT }}
        />
      }
    >
      {(control) => (
        <Input
          value={name}
          maxLength={100}
          autoComplete="off"
          placeholder={defaultName || "Your full name"}
          onChange={(event) => setName(event.target.value)}
          {...control}
        />
      )}
    </Field>
  );
}

export function SignaturePad({ defaultName, onChange }: { defaultName: string; onChange: (value: SignatureValue) => void }) {
  const [method, setMethod] = useState<SignatureMethod>("drawn");
  const onDrawn = useCallback((dataUrl: string | null) => onChange(dataUrl ? { dataUrl, method: "drawn" } : null), [onChange]);
  const onTyped = useCallback((dataUrl: string | null) => onChange(dataUrl ? { dataUrl, method: "typed" } : null), [onChange]);

  return (
    <Tabs
      value={method}
      onValueChange={(value) => {
        setMethod(value as SignatureMethod);
        onChange(null);
      }}
    >
      <TabsList aria-label="How to sign">
        <TabsTrigger value="drawn">
          <PenLine className="size-4" aria-hidden="true" />
          Draw
        </TabsTrigger>
        <TabsTrigger value="typed">
          <Keyboard className="size-4" aria-hidden="true" />
          Type
        </TabsTrigger>
      </TabsList>
      <TabsContent value="drawn">
        <DrawPad onChange={onDrawn} />
      </TabsContent>
      <TabsContent value="typed">
        <TypePad defaultName={defaultName} onChange={onTyped} />
      </TabsContent>
    </Tabs>
  );
}
