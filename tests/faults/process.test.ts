// The server as a real process: SIGTERM with requests in flight (they finish, new ones are refused, the outbox worker
// stops cleanly, exit 0), and a DATA_DIR it cannot use (a clear message and a non-zero exit, no stack trace).
import { execFileSync } from "node:child_process";
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { contactInquiries, outgoingEmails } from "../../src/server/db/schema";
import { type ChildServer, spawnServer, waitForHealthy } from "../setup/child-server";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "bp-faults-process-"));
  chmodSync(scratch, 0o755);
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Sends a request's head and part of its body now; the rest when `finish` is called. Resolves with the raw answer. */
function halfSentRequest(url: string, head: string, firstPart: Buffer, rest: Buffer) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let answer = "";
  socket.on("data", (chunk: Buffer) => {
    answer += chunk.toString("latin1");
  });
  const answered = new Promise<string>((resolve, reject) => {
    socket.on("end", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
  const connected = new Promise<void>((resolve) => socket.on("connect", resolve));
  return {
    async start() {
      await connected;
      socket.write(head);
      socket.write(firstPart);
    },
    finish() {
      socket.end(rest);
    },
    answered,
  };
}

const statusOf = (raw: string) => Number(raw.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);

// Starting a server process takes seconds on an idle machine and far longer on a loaded one.
describe("SIGTERM with requests in flight", { timeout: 120_000 }, () => {
  let smtp: TestSmtpServer;
  let server: ChildServer;
  const dataDir = () => path.join(scratch, "graceful");

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await spawnServer({ DATA_DIR: dataDir(), SMTP_URL: smtp.url });
    await waitForHealthy(server);
  });
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await smtp?.close();
  });

  it("finishes them, refuses new ones, stops the outbox worker cleanly and exits 0; nothing accepted is lost", async () => {
    const contact = Buffer.from(
      JSON.stringify({ name: "Late Sender", email: "late@sender.example", remarks: "Sent during shutdown" }),
    );
    const contactRequest = halfSentRequest(
      server.url,
      `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${contact.length}\r\nConnection: close\r\n\r\n`,
      contact.subarray(0, 20),
      contact.subarray(20),
    );
    const boundary = "----shutdown";
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200_000, 0x20)]);
    const upload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploadRequest = halfSentRequest(
      server.url,
      `POST /api/verify-document HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${upload.length}\r\nConnection: close\r\n\r\n`,
      upload.subarray(0, 1000),
      upload.subarray(1000),
    );
    await contactRequest.start();
    await uploadRequest.start();
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill("SIGTERM");
    // Wait until the listener is closed: a new connection is then refused (or answered 503 while closing).
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      try {
        const res = await fetch(`${server.url}/healthz`);
        refused = res.status === 503;
      } catch {
        refused = true;
      }
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refused).toBe(true);

    contactRequest.finish();
    uploadRequest.finish();
    expect(statusOf(await contactRequest.answered)).toBe(200);
    const uploadAnswer = await uploadRequest.answered;
    expect(statusOf(uploadAnswer)).toBe(200);
    expect(uploadAnswer).toContain('"valid":false');

    const { code } = await server.exited;
    expect(code).toBe(0);
    const logs = server.output();
    expect(logs).toContain("shutting down");
    expect(logs).not.toMatch(/"level":(50|60)/);

    // Nothing accepted is lost: the message is stored with both its emails, each sent once or still queued.
    const db = await openDatabase({ url: `pglite://${path.join(dataDir(), "pglite")}` });
    try {
      const inquiries = await db.db.select().from(contactInquiries);
      expect(inquiries.map((row) => row.email)).toEqual(["late@sender.example"]);
      const mails = await db.db.select().from(outgoingEmails);
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        expect(["pending", "sent"]).toContain(mail.status);
        expect(smtp.messages.filter((m) => m.to === mail.toAddress)).toHaveLength(mail.status === "sent" ? 1 : 0);
      }
    } finally {
      await db.close();
    }
  });
});

/** Writes until the disk says it is full. */
function fillDisk(file: string): void {
  const fd = openSync(file, "w");
  try {
    for (;;) writeSync(fd, Buffer.alloc(16 * 1024));
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

async function expectCleanRefusal(server: ChildServer, mentions: RegExp): Promise<void> {
  const { code } = await server.exited;
  const output = server.output();
  expect(code, output).not.toBe(0);
  expect(output).toContain("DATA_DIR");
  expect(output).toMatch(mentions);
  expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

describe("a DATA_DIR the server cannot use", { timeout: 120_000 }, () => {
  it("a file where the folder should be: a clear message and a non-zero exit", async () => {
    const file = path.join(scratch, "not-a-folder");
    writeFileSync(file, "oops");
    await expectCleanRefusal(await spawnServer({ DATA_DIR: file }), /not a folder|EEXIST|ENOTDIR/);
  });

  it("the same when SECRET_KEY is unset (the secret is generated into DATA_DIR)", async () => {
    const file = path.join(scratch, "not-a-folder-either");
    writeFileSync(file, "oops");
    await expectCleanRefusal(await spawnServer({ DATA_DIR: file, SECRET_KEY: "" }), /not a folder|EEXIST|ENOTDIR/);
  });

  it("a read-only folder: a clear message and a non-zero exit", async () => {
    const dir = path.join(scratch, "read-only");
    mkdirSync(dir);
    // root writes through any mode bits: as root, a read-only mount (EROFS) where mounting is allowed; otherwise
    // mode 0555 with the server run as an unprivileged user (which needs to read the project folder).
    let mounted = false;
    if (process.getuid?.() === 0) {
      try {
        execFileSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", dir], { stdio: "ignore" });
        mounted = true;
      } catch {
        // no mounting here: fall back to the mode bits
      }
    }
    if (!mounted) chmodSync(dir, 0o555);
    const asUser = !mounted && process.getuid?.() === 0 ? "nobody" : undefined;
    try {
      await expectCleanRefusal(
        await spawnServer({ DATA_DIR: path.join(dir, "data") }, { asUser }),
        /not writable|cannot create|EACCES|EPERM|EROFS/,
      );
    } finally {
      if (mounted) execFileSync("umount", [dir]);
    }
  });

  it("a full disk (a 1 MB tmpfs, where mounting is allowed; else a read-only folder): a clear message", async () => {
    const mountPoint = path.join(scratch, "tiny-disk");
    mkdirSync(mountPoint);
    let mounted = false;
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint], { stdio: "ignore" });
      mounted = true;
    } catch {
      chmodSync(mountPoint, 0o555);
    }
    try {
      if (mounted) fillDisk(path.join(mountPoint, "filler"));
      const asUser = !mounted && process.getuid?.() === 0 ? "nobody" : undefined;
      await expectCleanRefusal(
        await spawnServer({ DATA_DIR: path.join(mountPoint, "data") }, { asUser }),
        mounted ? /no space left|could not be written|ENOSPC/ : /not writable|EACCES|EPERM|EROFS/,
      );
    } finally {
      if (mounted) execFileSync("umount", [mountPoint]);
    }
  });
});
