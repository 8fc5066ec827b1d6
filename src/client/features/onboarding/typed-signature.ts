// The typed-signature alternative: the name drawn in a self-hosted handwriting font (Dancing Script, OFL) onto a
// canvas, so it becomes the same kind of PNG as a drawn signature.

import latinUrl from "@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2?url";
import latinExtUrl from "@fontsource/dancing-script/files/dancing-script-latin-ext-400-normal.woff2?url";

const SIGNATURE_FONT = "Blueprint Signature";

let loading: Promise<void> | null = null;

/** Loads the handwriting font once (the page works offline: the files ship with the app). */
export function loadSignatureFont(): Promise<void> {
  loading ??= Promise.all(
    [
      { url: latinUrl, range: "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+20AC,U+2122" },
      { url: latinExtUrl, range: "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+1E00-1E9F,U+A720-A7FF" },
    ].map(async ({ url, range }) => {
      const face = new FontFace(SIGNATURE_FONT, `url(${url}) format("woff2")`, { unicodeRange: range });
      await face.load();
      document.fonts.add(face);
    }),
  ).then(() => undefined);
  return loading;
}

/** Draws the name centred, as large as fits, in ink blue on a transparent background. */
export function drawTypedSignature(canvas: HTMLCanvasElement, name: string, scale: number): void {
  const context = canvas.getContext("2d");
  if (!context) return;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  const text = name.trim();
  if (!text) return;
  const width = canvas.width / scale;
  const height = canvas.height / scale;
  context.scale(scale, scale);
  let size = 72;
  context.font = `${size}px "${SIGNATURE_FONT}", cursive`;
  while (size > 20 && context.measureText(text).width > width - 48) {
    size -= 2;
    context.font = `${size}px "${SIGNATURE_FONT}", cursive`;
  }
  context.fillStyle = "#1e1b4b";
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(text, width / 2, height / 2 + size * 0.08);
}
