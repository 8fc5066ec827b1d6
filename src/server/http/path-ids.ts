// Path parameters that name a row are checked before validation and before any handler: a value that cannot be an id
// names nothing (404), so it never reaches a query, where PostgreSQL would refuse it as a uuid and the answer be a 500.
import type { FastifyInstance } from "fastify";
import { isUuid } from "../../shared/domain/ids";
import { isGeneralScope } from "../../shared/schemas/communications";
import { currentUser } from "../auth/guards";
import { notFound } from "../errors";
import { isContentId } from "../files/content-id";

const FORMATS = {
  uuid: isUuid,
  contentId: isContentId,
  /** A project's id, or the word naming the caller's general support threads (communications). */
  threadScope: (value: string) => isUuid(value) || isGeneralScope(value),
} as const;
export type PathIdFormat = keyof typeof FORMATS;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The format of a path parameter that is not a row's UUID (`id` and `…Id` parameters are UUIDs by default). */
    pathIds?: Record<string, PathIdFormat>;
    /** The 404's message for an id that cannot name a row (default "Not found"), as the use case says it. */
    notFoundMessage?: string;
  }
}

const NAMES_AN_ID = /^(id|\w+Id)$/;

export function registerPathIdCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const params = request.params as Record<string, unknown> | undefined;
    if (!params || Object.keys(params).length === 0) return;
    // A visitor gets the route's 401 first (its guard runs before any query); only the signed-in learn "not found".
    if (!(await currentUser(request))) return;
    const { pathIds: formats = {}, notFoundMessage } = request.routeOptions.config;
    for (const [name, value] of Object.entries(params)) {
      const format = formats[name] ?? (NAMES_AN_ID.test(name) ? "uuid" : undefined);
      if (format && (typeof value !== "string" || !FORMATS[format](value))) throw notFound(notFoundMessage);
    }
  });
}
