// A real SMTP server in the test process (smtp-server), collecting parsed messages.
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string; from: string; subject: string; text: string; html: string; raw: ParsedMail };

export type TestSmtpServer = {
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Make the next n deliveries fail, with a temporary error (451) unless another SMTP reply code is given. */
  failNext(n: number, responseCode?: number): void;
  close(): Promise<void>;
};

/** `port` lets a test bring a stopped server back at the same address (an SMTP relay returning after an outage). */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  const waiters: Array<{ predicate: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }> = [];
  let failures = 0;
  let failureCode = 451;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        const message = failureCode >= 500 ? "Permanent failure" : "Temporary failure";
        stream.on("end", () => callback(Object.assign(new Error(message), { responseCode: failureCode })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const toField = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          const mail: CapturedMail = {
            to: toField?.value[0]?.address ?? "",
            from: parsed.from?.value[0]?.address ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            raw: parsed,
          };
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no matching email arrived")), timeoutMs);
        waiters.push({
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    failNext(n, responseCode = 451) {
      failures = n;
      failureCode = responseCode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
