// GET /api/projects/{id}/proposal: the proposal the customer accepts before the work starts (asked only once the
// project answer says the brief is confirmed: proposal.state is not "not_ready").
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Proposal } from "../../../../shared/schemas/proposal";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

/** Keyed by the version the project answer names too: a new version (the price changed) is a new read. */
export const proposalQueryKey = (projectId: string, version?: number) =>
  version === undefined ? API.proposal.key({ projectId }) : API.proposal.key({ projectId }, version);

export const proposalQueryOptions = (projectId: string, version: number) =>
  queryOptions({
    queryKey: proposalQueryKey(projectId, version),
    queryFn: () => apiRequest<Proposal>("GET", API.proposal.path({ projectId })),
    // A 409 (legal details missing) is an answer, not a failure to retry.
    retry: false,
  });

export function useProposal(projectId: string, options: { enabled: boolean; version: number }) {
  return useQuery({ ...proposalQueryOptions(projectId, options.version), enabled: options.enabled });
}
