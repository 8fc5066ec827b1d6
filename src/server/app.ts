// Builds the Fastify application: used by main.ts and by the tests.
import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { pruneRateLimitHits } from "./auth/rate-limit";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { createEmailOutbox } from "./email/outbox";
import { createTransport, type EmailWorker, type MailTransport, startEmailWorker } from "./email/worker";
import { authRoutes } from "./features/auth/routes";
import { contactRoutes } from "./features/contact/routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import { devMailboxRoutes } from "./features/dev-mailbox/routes";
import { healthRoutes } from "./features/health/routes";
import { notificationRoutes } from "./features/notifications/routes";
import { onboardingRoutes } from "./features/onboarding/routes";
import { verifyDocumentRoutes } from "./features/onboarding/verify-routes";
import { projectRoutes } from "./features/projects/routes";
import { publicSiteRoutes } from "./features/public-site/routes";
import { registerErrorHandler } from "./http/error-handler";
import { registerRequestGuards } from "./http/security";
import { registerWebClient } from "./http/web";

declare module "fastify" {
  interface FastifyInstance {
    emailWorker: EmailWorker;
    database: DatabaseHandle;
  }
}

type BuildAppOptions = {
  config: Config;
  /** An already open database (tests pass one made from a migrated snapshot); otherwise opened from the config. */
  database?: DatabaseHandle;
  transport?: MailTransport;
  /** Whether to serve the built web client (default true). */
  serveClient?: boolean;
  /** Where the built client is (default: dist/client, found from the working directory or this file). */
  clientDir?: string;
  logger?: boolean;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
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
          },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    connectionTimeout: 130_000,
    return503OnClosing: true,
    // Long path parameters reach the route and get its 400/404 in our error shape, not the router's own 414.
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      onPoolError: (error) => app.log.error({ err: error }, "database pool error"),
    }));
  if (!options.database) await database.migrate();
  const transport = options.transport ?? createTransport({ smtpUrl: config.smtpUrl, log: app.log, appUrl: config.appUrl });
  const emailWorker = startEmailWorker({ db: database.db, transport, from: config.mailFrom, log: app.log });
  const ctx: AppContext = { config, db: database.db, email: createEmailOutbox(database.db, () => emailWorker.kick()) };
  app.decorate("ctx", ctx);
  app.decorate("emailWorker", emailWorker);
  app.decorate("database", database);

  const maintenance = setInterval(() => {
    pruneRateLimitHits(database.db).catch((error) => app.log.warn({ err: error }, "rate limit pruning failed"));
  }, 3600_000);
  maintenance.unref();

  app.addHook("onClose", async () => {
    clearInterval(maintenance);
    await emailWorker.stop();
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
        frameSrc: ["https:"],
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

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Blueprint portal API", version: "1.0.0", description: "The client portal and admin console API." },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "bp_session" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(projectRoutes);
  await app.register(onboardingRoutes);
  await app.register(verifyDocumentRoutes);
  await app.register(notificationRoutes);
  await app.register(dashboardRoutes);
  await app.register(contactRoutes);
  await app.register(publicSiteRoutes);
  if (!config.isProduction) await app.register(devMailboxRoutes);
  if (options.serveClient !== false) await registerWebClient(app, { dir: options.clientDir });

  return app;
}
