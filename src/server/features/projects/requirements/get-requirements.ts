// GET /api/projects/{id}/requirements: the questionnaire answers and the brief, or null before the first save.
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { requirements } from "../../../db/schema";
import { toRequirementsDto } from "./requirements-dto";

export async function getRequirements(db: Database, projectId: string) {
  const [row] = await db.select().from(requirements).where(eq(requirements.projectId, projectId)).limit(1);
  return row ? toRequirementsDto(row) : null;
}
