// The proposal's facts every project answer carries (project-dto.ts turns them into its state): whether the brief is
// confirmed, and the newest acceptance of any version. The acceptance's transaction also writes the project row, so
// the project list's read cache, keyed on the projects row, drops its entry then (proposal_acceptances has no change
// trigger of its own).
import { sql } from "drizzle-orm";
import { projects, proposalAcceptances, requirements } from "../../db/schema";

/** Needs `requirements` joined on the project (every project list joins it). */
export const briefConfirmedSql = sql<boolean>`coalesce(${requirements.briefConfirmed}, false)`;

export const latestProposalAcceptanceSql = sql<{ version: number; at: string; by: string } | string | null>`(select
  json_build_object('version', pa.version, 'at', pa.accepted_at, 'by', pa.accepted_name)
  from ${proposalAcceptances} pa where pa.project_id = ${projects.id} order by pa.version desc limit 1)`;
