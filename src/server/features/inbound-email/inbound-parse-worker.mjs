// The mail parsers run here, in a worker thread, never in the server's own thread: whatever they throw (a stack
// overflow on a hostile header, an error raised inside a stream callback that no promise catches, running out of
// memory) ends this worker, not the portal. mail-parsing.ts starts it, hands it one message per job and answers its
// DNS questions (DKIM keys), so tests and operators keep one resolver. Plain JavaScript: the built server copies this
// file next to its bundle (scripts/build-server.mjs).
import { parentPort } from "node:worker_threads";
import { dkimVerify } from "mailauth";
import { simpleParser } from "mailparser";

const lookups = new Map();
let nextLookup = 0;

/** Asks the server thread to resolve a DNS name (mailauth's resolver interface). */
function resolver(name, type) {
  return new Promise((resolve, reject) => {
    const id = nextLookup++;
    lookups.set(id, { resolve, reject });
    parentPort.postMessage({ kind: "dns", id, name, type });
  });
}

async function parse(raw) {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const autoSubmitted = mail.headers.get("auto-submitted");
  return {
    fromAddresses: (mail.from?.value ?? []).map((entry) => String(entry.address ?? "")),
    messageId: typeof mail.messageId === "string" ? mail.messageId : undefined,
    autoSubmitted: autoSubmitted === undefined ? undefined : String(autoSubmitted),
    authenticationResults: mail.headerLines.find((line) => line.key === "authentication-results")?.line,
    text: typeof mail.text === "string" ? mail.text : "",
  };
}

async function verify(raw) {
  const result = await dkimVerify(raw, { resolver });
  return {
    headerFrom: (result.headerFrom ?? []).map(String),
    results: (result.results ?? []).map((row) => ({
      signingDomain: row.signingDomain,
      status: { result: row.status?.result, aligned: row.status?.aligned },
      canonBodyLengthLimited: row.canonBodyLengthLimited,
      canonBodyLength: row.canonBodyLength,
      canonBodyLengthTotal: row.canonBodyLengthTotal,
    })),
  };
}

parentPort.on("message", async (message) => {
  if (message.kind === "dns-answer") {
    const lookup = lookups.get(message.id);
    lookups.delete(message.id);
    if (!lookup) return;
    if (message.error) lookup.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
    else lookup.resolve(message.records);
    return;
  }
  const raw = Buffer.from(message.raw.buffer, message.raw.byteOffset, message.raw.byteLength);
  try {
    const result = message.op === "parse" ? await parse(raw) : await verify(raw);
    parentPort.postMessage({ kind: "done", id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ kind: "failed", id: message.id, error: String(error?.message ?? error).slice(0, 500) });
  }
});

// The parsers are loaded: a message's deadline counts from now.
parentPort.postMessage({ kind: "ready" });
