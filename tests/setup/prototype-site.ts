// The customer's prototype as the team publishes it: a small local http site (ClinicFlow's booking page) that the
// portal may frame once PROTOTYPE_FRAME_ORIGINS names it (in production only https origins are framed).
import { createServer } from "node:http";

export type PrototypeSite = { url: string; close(): Promise<void> };

export async function startPrototypeSite(): Promise<PrototypeSite> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>ClinicFlow</title><body style="font-family:sans-serif;padding:24px">
<h1>ClinicFlow booking</h1><p>Pick a slot to book your visit.</p></body>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
