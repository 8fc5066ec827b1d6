// GET /api/projects/{id}/updates: a project's progress updates, newest first, paged.
import { count, desc, eq } from "drizzle-orm";
import type { Paging } from "../../../shared/schemas/paging";
import type { UpdatePage } from "../../../shared/schemas/updates";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { projectUpdates, users } from "../../db/schema";
import { imageContentTypes, toUpdateDto } from "./post-update";

export async function listUpdates(
  db: Database,
  { projectId, paging }: { projectId: string; paging: Paging },
): Promise<UpdatePage> {
  const where = eq(projectUpdates.projectId, projectId);
  const [rows, totals] = await Promise.all([
    onePage(
      db
        .select({ update: projectUpdates, author: users.name })
        .from(projectUpdates)
        .leftJoin(users, eq(users.id, projectUpdates.authorId))
        .where(where)
        .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id))
        .$dynamic(),
      paging,
    ),
    db.select({ n: count() }).from(projectUpdates).where(where),
  ]);
  const types = await imageContentTypes(db, { projectId, ids: rows.flatMap((row) => row.update.imageIds) });
  return pageReply(
    rows.map((row) =>
      toUpdateDto({ row: row.update, authorName: row.update.authorId ? row.author : undefined, contentTypes: types }),
    ),
    totals[0]?.n ?? 0,
    paging,
  );
}
