// POST /api/company/projects/{id}/updates: the company posts a progress update. Its images are checked by content and
// stored first (outside the transaction, as every upload is); the update, the project's last-update time (whose
// change notice brings it live to open dashboards), the bell events and the emails to the owner and every member
// are written in one transaction. A refused upload or a failed transaction leaves nothing behind.
import { and, eq, inArray, sql } from "drizzle-orm";
import { fileUrl } from "../../../shared/constants/files";
import {
  healthLabel,
  type PostUpdateBody,
  type ProjectUpdate,
  UPDATE_IMAGES_MAX,
  UPDATE_MESSAGES,
} from "../../../shared/schemas/updates";
import { markdownToPlainText } from "../../../shared/text/markdown";
import { oneLineExcerpt } from "../../../shared/text/safe-text";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import { fileAttachments, projectMembers, projects, projectUpdates, users } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import type { Upload } from "../../http/multipart";
import { recordActivity } from "../activity";
import { type ProjectFile, releaseProjectFile, storeProjectFile } from "../files";
import { PROJECT_NOT_FOUND } from "../projects";
import { enqueueWebhookEvent } from "../webhooks";

type UpdateRow = typeof projectUpdates.$inferSelect;

/** The update as the API answers it; `contentTypes` maps each image's content id to its type. */
export function toUpdateDto({
  row,
  authorName,
  contentTypes,
}: {
  row: UpdateRow;
  authorName: string | null | undefined;
  contentTypes: Map<string, string>;
}): ProjectUpdate {
  return {
    id: row.id,
    projectId: row.projectId,
    summary: row.summary,
    health: row.health,
    nextSteps: row.nextSteps,
    images: row.imageIds.map((id) => ({ url: fileUrl(id), contentType: contentTypes.get(id) ?? "application/octet-stream" })),
    author: authorName === undefined ? null : { name: authorName },
    createdAt: row.createdAt.toISOString(),
  };
}

const EMAIL_SUMMARY_CHARS = 3000;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function postUpdate(
  ctx: AppContext,
  { admin, projectId, input }: { admin: SessionUser; projectId: string; input: { body: PostUpdateBody; images: Upload[] } },
): Promise<ProjectUpdate> {
  if (input.images.length > UPDATE_IMAGES_MAX) {
    throw badRequest(UPDATE_MESSAGES.tooManyImages, { images: UPDATE_MESSAGES.tooManyImages });
  }
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw notFound(PROJECT_NOT_FOUND);

  const stored: ProjectFile[] = [];
  const releaseAll = async () => {
    for (const file of stored) await releaseProjectFile(ctx, { projectId, kind: "update_image", fileId: file.fileId });
  };
  try {
    for (const [index, image] of input.images.entries()) {
      stored.push(
        await storeProjectFile(ctx, {
          projectId,
          kind: "update_image",
          bytes: image.bytes,
          filename: image.filename || `update-image-${index + 1}`,
          createdBy: admin.id,
        }),
      );
    }
  } catch (error) {
    await releaseAll();
    throw error;
  }

  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projectUpdates)
        .values({
          projectId,
          summary: input.body.summary,
          health: input.body.health,
          nextSteps: input.body.nextSteps,
          imageIds: stored.map((file) => file.fileId),
          authorId: admin.id,
        })
        .returning();
      if (!row) throw new Error("update insert returned nothing");
      await tx.update(projects).set({ lastUpdateAt: row.createdAt }).where(eq(projects.id, projectId));
      await enqueueWebhookEvent(tx, { type: "update.posted", data: { projectId, updateId: row.id, health: row.health } });

      // The owner and every member (any access level may view the project), each address once.
      const [owner] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, project.userId));
      const members = await tx
        .select({ email: projectMembers.email, userId: users.id })
        .from(projectMembers)
        .leftJoin(users, eq(sql`lower(${users.email})`, projectMembers.email))
        .where(eq(projectMembers.projectId, projectId));
      const people = new Map<string, string | null>();
      if (owner) people.set(owner.email.toLowerCase(), owner.id);
      for (const member of members)
        if (!people.has(member.email.toLowerCase())) people.set(member.email.toLowerCase(), member.userId);

      const title = `Progress update: ${healthLabel(row.health)}`;
      const description = `${project.projectCode}: ${oneLineExcerpt(markdownToPlainText(row.summary), 160)}`;
      for (const [email, userId] of people) {
        if (userId) {
          await recordActivity(tx, {
            userId,
            projectId,
            actorId: admin.id,
            type: "project.update_posted",
            title,
            description,
            notify: true,
          });
        }
        await ctx.email.enqueue(
          {
            kind: "project-update",
            to: email,
            projectId,
            data: {
              project: { projectCode: project.projectCode, projectName: project.projectName },
              health: row.health,
              authorName: admin.name ?? null,
              summary: cut(row.summary, EMAIL_SUMMARY_CHARS),
              nextSteps: row.nextSteps,
              imageCount: stored.length,
            },
          },
          tx,
        );
      }
      return toUpdateDto({
        row,
        authorName: admin.name ?? null,
        contentTypes: new Map(stored.map((file) => [file.fileId, file.contentType])),
      });
    });
  } catch (error) {
    await releaseAll();
    throw error;
  }
}

/** The content types of these stored images (the file records of the project). */
export async function imageContentTypes(
  db: AppContext["db"],
  { projectId, ids }: { projectId: string; ids: string[] },
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ fileId: fileAttachments.fileId, contentType: fileAttachments.contentType })
    .from(fileAttachments)
    .where(and(eq(fileAttachments.projectId, projectId), inArray(fileAttachments.fileId, ids)));
  return new Map(rows.map((row) => [row.fileId, row.contentType]));
}
