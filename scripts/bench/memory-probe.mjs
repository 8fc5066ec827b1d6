// Loaded into a measured server with `node --import` by scripts/bench/measured-server.ts, never in production: answers
// the bench's { type: "memory" } messages on the IPC channel with process.memoryUsage(), after a full garbage
// collection when asked (and the server runs with --expose-gc), so the product needs no endpoint for it.
process.on("message", (message) => {
  if (message?.type !== "memory") return;
  if (message.collect && typeof globalThis.gc === "function") globalThis.gc();
  process.send?.({ type: "memory", id: message.id, ...process.memoryUsage() });
});
// The bench stopped without stopping the server (it crashed or was killed): stop as a process manager would.
process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
// The channel must not keep the server alive once it has stopped listening.
process.channel?.unref();
