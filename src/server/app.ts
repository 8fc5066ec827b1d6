// Builds the Fastify application: used by main.ts and by the tests.
import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DNSResolver } from "mailauth";
import { pruneRateLimitHits } from "./auth/rate-limit";
import { type ChangeFeed, followChanges } from "./cache/change-feed";
import { createReadCaches } from "./cache/read-caches";
import type { Config, TrustProxy } from "./config";
import type { AppContext } from "./context";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { startDigestScheduler } from "./email/digest";
import { createEmailOutbox } from "./email/outbox";
import { createTransport, type EmailWorker, type MailTransport, purgeOldEmailBodies, startEmailWorker } from "./email/worker";
import { acceptanceRoutes } from "./features/acceptance";
import { accountRoutes } from "./features/account";
import { adminRoutes, startStatusScheduler } from "./features/admin";
import { authRoutes } from "./features/auth";
import { calendlyRoutes } from "./features/calendly";
import { communicationRoutes } from "./features/communications";
import { contactRoutes } from "./features/contact";
import { dashboardRoutes } from "./features/dashboard";
import { devMailboxRoutes } from "./features/dev-mailbox";
import { feedbackRoutes } from "./features/feedback";
import { fileRoutes } from "./features/files";
import { healthRoutes } from "./features/health";
import { type InboundEmailServer, startInboundEmail } from "./features/inbound-email";
import { emailAttachment, invoiceRoutes } from "./features/invoices";
import { legalPageRoutes, legalRoutes } from "./features/legal";
import { liveRoutes } from "./features/live";
import { meetingRequestRoutes } from "./features/meeting-requests";
import { notificationRoutes } from "./features/notifications";
import { onboardingRoutes, verifyDocumentRoutes } from "./features/onboarding";
import { paymentRoutes, startPaymentReminders } from "./features/payments";
import { projectRoutes, startAccessExpiryReminders } from "./features/projects";
import { proposalRoutes } from "./features/proposals";
import { publicSiteRoutes } from "./features/public-site";
import { staffRoutes } from "./features/staff";
import { updateRoutes } from "./features/updates";
import { versionRoutes } from "./features/versions";
import { startWebhookWorker, type WebhookWorker, webhookRoutes } from "./features/webhooks";
import { startBlobSweeper } from "./files/blob-sweep";
import { createFileStore } from "./files/create-file-store";
import { registerCompanyAudit } from "./http/company-audit";
import { registerErrorHandler } from "./http/error-handler";
import { pruneIdempotentRequests, registerIdempotency } from "./http/idempotency";
import { loggedUrl } from "./http/logged-url";
import { memoizedSerializerCompiler } from "./http/memoized-serializer";
import { registerPathIdCheck } from "./http/path-ids";
import { registerRequestGuards } from "./http/security";
import { clientDistDir, registerWebClient } from "./http/web";
import { type LiveHub, startLiveHub } from "./live/hub";
import { createMetrics, serveMetrics } from "./metrics/metrics";
import { operationContext } from "./operation-context";

declare module "fastify" {
  interface FastifyInstance {
    emailWorker: EmailWorker;
    /** Outgoing webhook deliveries: `runDue({ now })` runs them on the caller's clock (tests). */
    webhookWorker: WebhookWorker;
    database: DatabaseHandle;
    live: LiveHub;
    /** The read caches' change feed: `caughtUp()` waits until every committed change has reached them. */
    changeFeed: ChangeFeed;
    /** Where the Prometheus metrics are served (METRICS_PORT), or null. */
    metricsUrl: string | null;
    /** How many times the metrics listener rendered the metrics (scrapes may share one rendering). */
    metricsRenders(): number;
    /** Set when the process is stopping: /readyz answers 503 so a load balancer takes it out of rotation. */
    lifecycle: { draining: boolean };
    /** The inbound SMTP endpoint for emailed replies, when INBOUND_SMTP_PORT and REPLY_DOMAIN are set. */
    inboundEmail: InboundEmailServer | null;
  }
}

export type BuildAppOptions = {
  config: Config;
  /** An already open database (tests pass one made from a migrated snapshot); otherwise opened from the config. */
  database?: DatabaseHandle;
  transport?: MailTransport;
  /** Whether to serve the built web client (default true). */
  serveClient?: boolean;
  /** Where the built client is (default: dist/client, found from the working directory or this file). */
  clientDir?: string;
  logger?: boolean;
  /** HTTP server timeouts (default SERVER_TIMEOUTS); the fault tests shorten them. */
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Run the scheduled jobs: the status rules every 10 minutes, the digest, the reminders and the file sweep (default true; tests drive them by hand). */
  scheduledJobs?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** DNS lookups for the DKIM keys of replies by email (default: the system's; tests serve their own keys). */
  dnsResolver?: DNSResolver;
  /** How long a rendering of the metrics is served again (default METRICS_REUSE_MS; tests that count use 0). */
  metricsReuseMs?: number;
  /** Outgoing webhooks: how often the worker looks for due deliveries (null: only when `runDue` is called) and each POST's timeout. */
  webhookDelivery?: { pollMs?: number | null; timeoutMs?: number };
  /** Told of every route as it is declared, with its schemas (scripts/count-paging-shapes.ts reads them). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * How long a connection may take: a slow client (slowloris on the headers or the body)
 * loses its socket after these, and the check runs often enough that a trickle cannot keep one alive for long.
 */
export type ServerTimeouts = {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
  checkIntervalMs: number;
};
export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 15_000,
  requestMs: 120_000,
  idleMs: 60_000,
  // Longer than a load balancer's usual 60 s idle timeout, so the proxy closes first and never reuses a dead socket.
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

/**
 * Fastify 5 refuses a bare hop count (it cannot tell a proxy from a direct client); TRUST_PROXY=1 means "the server is
 * reached only through one proxy", so the last n X-Forwarded-For entries are trusted. Never `true`.
 */
function trustProxyOption(trust: TrustProxy): ((address: string, hop: number) => boolean) | string[] | undefined {
  if (trust === false) return undefined;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return trust;
}

/** How Fastify's listen line starts (fastify/lib/server.js). */
const FASTIFY_LISTEN_TEXT = "Server listening at ";

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.serverTimeouts };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: {
              paths: [
                "req.headers.cookie",
                "req.headers.authorization",
                'res.headers["set-cookie"]',
                "*.code",
                "*.otp",
                "*.customerOtp",
                "*.companyOtp",
                "*.token",
              ],
              censor: "[redacted]",
            },
            serializers: {
              // Fastify's own fields, with the query string's secrets taken out (http/logged-url.ts).
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: loggedUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            hooks: {
              // Fastify's own "Server listening at http://127.0.0.1:3000" names the bound address, which refuses
              // sign-in when APP_URL is another origin (403 CROSS_ORIGIN): it goes to debug, and main.ts prints
              // APP_URL, the address that works.
              logMethod(args, method, level) {
                if (level === 30 && typeof args[0] === "string" && args[0].startsWith(FASTIFY_LISTEN_TEXT)) {
                  return this.debug(...(args as [string]));
                }
                return method.apply(this, args);
              },
            },
          },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    return503OnClosing: true,
    // Long path parameters reach the route and get its 400/404 in our error shape, not the router's own 414.
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizedSerializerCompiler);
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    // Everything this request runs carries its id (operation-context.ts: a crash is logged with it).
    operationContext.run({ requestId: request.id }, done);
  });

  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      onPoolError: (error) => app.log.error({ err: error }, "database pool error"),
    }));
  if (!options.database) await database.migrate();
  const transport =
    options.transport ??
    createTransport({
      smtpUrl: config.smtpUrl,
      log: app.log,
      mailboxUrl: config.devMailbox ? `${config.appUrl}/dev/mailbox` : null,
    });
  // Attachments (invoices, receipts) are drawn at send time with the context, which is built below.
  let attachmentContext: AppContext | null = null;
  const emailWorker = startEmailWorker({
    db: database.db,
    transport,
    from: config.mailFrom,
    log: app.log,
    companyEmails: config.adminEmails,
    attachments: () => {
      const context = attachmentContext;
      return context ? (reference) => emailAttachment(context, reference) : null;
    },
  });
  const metrics = createMetrics();
  const readCaches = createReadCaches({ budgetBytes: config.readCacheBytes, events: metrics.cacheEvents });
  const { caches } = readCaches;
  const changeFeed = await followChanges(database, Object.values(caches), app.log);
  // A request that may have written answers only once its changes have reached this process's read caches.
  app.addHook("onSend", async (request, reply) => {
    if (!READ_ONLY_METHODS.has(request.method) && reply.statusCode < 400) await changeFeed.caughtUp();
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    email: createEmailOutbox(database.db, () => emailWorker.kick(), config),
    files: await createFileStore(config.fileStorage, database.db),
    caches,
  };
  attachmentContext = ctx;
  app.decorate("ctx", ctx);
  app.decorate("emailWorker", emailWorker);
  const webhookWorker = startWebhookWorker(ctx, {
    log: app.log,
    // Like the scheduled jobs, a test app without them runs deliveries only when the test says (runDue).
    pollMs:
      options.webhookDelivery?.pollMs !== undefined
        ? options.webhookDelivery.pollMs
        : options.scheduledJobs === false
          ? null
          : 2_000,
    timeoutMs: options.webhookDelivery?.timeoutMs,
  });
  app.decorate("webhookWorker", webhookWorker);
  app.decorate("database", database);
  app.decorate("changeFeed", changeFeed);
  app.decorate("lifecycle", { draining: false });
  const live = await startLiveHub({ database, changeFeed, log: app.log });
  app.decorate("live", live);
  metrics.observe({ app, budget: readCaches.budget, caches: Object.values(caches), changeFeed, database, live });
  const metricsServer =
    config.metrics === null ? null : await serveMetrics(metrics.registry, { ...config.metrics, reuseMs: options.metricsReuseMs });
  app.decorate("metricsUrl", metricsServer?.url ?? null);
  app.decorate("metricsRenders", () => metricsServer?.renders() ?? 0);
  // Open event streams would hold the server open: end them before it waits for in-flight requests.
  const inboundEmail = config.inboundEmail
    ? await startInboundEmail({ ctx, changeFeed, log: app.log, resolver: options.dnsResolver, ...config.inboundEmail })
    : null;
  app.decorate("inboundEmail", inboundEmail);
  app.addHook("preClose", async () => {
    readCaches.stop();
    metricsServer?.close();
    await changeFeed.stop();
    await live.close();
    await inboundEmail?.close();
  });

  const maintenance = setInterval(() => {
    pruneRateLimitHits(database.db).catch((error) => app.log.warn({ err: error }, "rate limit pruning failed"));
    pruneIdempotentRequests(database.db).catch((error) => app.log.warn({ err: error }, "idempotency pruning failed"));
    purgeOldEmailBodies(database.db).catch((error) => app.log.warn({ err: error }, "email body purge failed"));
    try {
      database.secureFiles?.();
    } catch (error) {
      app.log.warn({ err: error }, "securing DATA_DIR failed");
    }
  }, 3600_000);
  maintenance.unref();
  // The jobs that run once per tick across processes: a test app without schedulers runs none of them.
  const scheduledJobs =
    options.scheduledJobs === false
      ? []
      : [
          startStatusScheduler({ db: database.db, log: app.log, reminders: { outbox: ctx.email, config } }),
          startDigestScheduler({ db: database.db, outbox: ctx.email, log: app.log }),
          startBlobSweeper({ db: database.db, files: ctx.files, log: app.log }),
          startPaymentReminders({ db: database.db, email: ctx.email, config, log: app.log }),
          startAccessExpiryReminders({ db: database.db, email: ctx.email, log: app.log }),
        ];

  app.addHook("onClose", async () => {
    clearInterval(maintenance);
    for (const job of scheduledJobs) job.stop();
    await emailWorker.stop();
    await webhookWorker.stop();
    if (!options.database) await database.close();
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["https:", ...config.prototypeFrameOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerRequestGuards(app, config);
  registerPathIdCheck(app);
  // Before the audit: a replayed answer must not be audited (or acted on) a second time.
  registerIdempotency(app);
  registerCompanyAudit(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Blueprint portal API", version: "1.0.0", description: "The client portal and admin console API." },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "bp_session" } } },
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(projectRoutes);
  await app.register(onboardingRoutes);
  await app.register(verifyDocumentRoutes);
  await app.register(notificationRoutes);
  await app.register(dashboardRoutes);
  await app.register(contactRoutes);
  await app.register(adminRoutes);
  await app.register(fileRoutes);
  await app.register(communicationRoutes);
  await app.register(meetingRequestRoutes);
  await app.register(calendlyRoutes);
  await app.register(liveRoutes);
  await app.register(feedbackRoutes);
  await app.register(versionRoutes);
  await app.register(updateRoutes);
  await app.register(acceptanceRoutes);
  await app.register(proposalRoutes);
  await app.register(accountRoutes);
  await app.register(paymentRoutes);
  await app.register(invoiceRoutes);
  await app.register(publicSiteRoutes);
  await app.register(legalRoutes);
  // The terms pages are filled from the database per request, into the built client's shells when it is served.
  await app.register(legalPageRoutes, { dir: options.serveClient !== false ? (options.clientDir ?? clientDistDir()) : null });
  await app.register(webhookRoutes);
  await app.register(staffRoutes);
  if (config.devMailbox) await app.register(devMailboxRoutes);
  if (options.serveClient !== false) await registerWebClient(app, { dir: options.clientDir });

  return app;
}
