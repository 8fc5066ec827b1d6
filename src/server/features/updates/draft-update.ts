// GET /api/company/projects/{id}/updates/draft: a progress update's first draft, written from what happened on the
// project since its last update (or since it began): versions published, feedback answered, messages exchanged. The
// admin edits it before posting; nothing is stored.
import { and, asc, count, desc, eq, gt, isNotNull, type SQL } from "drizzle-orm";
import type { UpdateDraft } from "../../../shared/schemas/updates";
import type { Database } from "../../db/client";
import { communicationReplies, communications, feedback, projects, projectUpdates, projectVersions } from "../../db/schema";
import { notFound } from "../../errors";
import { PROJECT_NOT_FOUND } from "../projects";

/** Items named one by one in each part of the draft; more are counted. */
const LISTED = 5;

const oneLine = (text: string, max = 120) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** A quoted user text inside the draft's Markdown, its own marks kept from acting. */
const quoted = (text: string) => `“${oneLine(text).replace(/([\\`*_[\]<>])/g, "\\$1")}”`;

export async function draftUpdate(db: Database, projectId: string): Promise<UpdateDraft> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const [last] = await db
    .select({ at: projectUpdates.createdAt })
    .from(projectUpdates)
    .where(eq(projectUpdates.projectId, projectId))
    .orderBy(desc(projectUpdates.createdAt))
    .limit(1);
  const since = last?.at ?? null;
  const after = (column: Parameters<typeof gt>[0]): SQL | undefined => (since ? gt(column, since) : undefined);

  const [versions, answered, threads, replies] = await Promise.all([
    db
      .select({ number: projectVersions.number, notes: projectVersions.releaseNotes })
      .from(projectVersions)
      .where(and(eq(projectVersions.projectId, projectId), after(projectVersions.publishedAt)))
      .orderBy(asc(projectVersions.number)),
    db
      .select({ issue: feedback.issueFaced, status: feedback.status, comment: feedback.adminComment })
      .from(feedback)
      .where(and(eq(feedback.projectId, projectId), isNotNull(feedback.adminUpdatedAt), after(feedback.adminUpdatedAt)))
      .orderBy(asc(feedback.adminUpdatedAt)),
    db
      .select({ subject: communications.subject, fromCompany: communications.fromCompany })
      .from(communications)
      .where(and(eq(communications.projectId, projectId), after(communications.createdAt)))
      .orderBy(asc(communications.createdAt)),
    db
      .select({ n: count() })
      .from(communicationReplies)
      .innerJoin(communications, eq(communications.id, communicationReplies.communicationId))
      .where(and(eq(communications.projectId, projectId), after(communicationReplies.createdAt))),
  ]);

  const parts: string[] = [];
  if (versions.length > 0) {
    parts.push(
      [
        "**Prototype versions**",
        ...versions.map((v) => `- Version ${v.number} is online: ${oneLine(v.notes.split("\n").find((l) => l.trim()) ?? "")}`),
      ].join("\n"),
    );
  }
  if (answered.length > 0) {
    const done = answered.filter((item) => item.status === "done").length;
    parts.push(
      [
        `**Feedback answered** (${plural(answered.length, "item")}, ${done} done)`,
        ...answered
          .slice(0, LISTED)
          .map(
            (item) =>
              `- ${quoted(item.issue)}: ${item.status === "done" ? "done" : "answered"}${item.comment ? ` (${oneLine(item.comment, 100)})` : ""}`,
          ),
        ...(answered.length > LISTED ? [`- and ${plural(answered.length - LISTED, "more item")}`] : []),
      ].join("\n"),
    );
  }
  const replyCount = replies[0]?.n ?? 0;
  if (threads.length > 0 || replyCount > 0) {
    parts.push(
      [
        `**Messages** (${[
          threads.length ? plural(threads.length, "new thread") : null,
          replyCount ? plural(replyCount, "reply", "replies") : null,
        ]
          .filter(Boolean)
          .join(", ")})`,
        ...threads.slice(0, LISTED).map((t) => `- ${quoted(t.subject)}${t.fromCompany ? " (from us)" : ""}`),
        ...(threads.length > LISTED ? [`- and ${plural(threads.length - LISTED, "more thread")}`] : []),
      ].join("\n"),
    );
  }
  const items = versions.length + answered.length + threads.length + replyCount;
  const opening = since ? "Since our last update:" : "Where the project stands:";
  return {
    summary: items > 0 ? `${opening}\n\n${parts.join("\n\n")}` : "",
    since: since ? since.toISOString() : null,
    items,
  };
}
