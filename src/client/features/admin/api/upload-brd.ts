// POST /api/company/projects/{id}/brd (multipart): a BRD file into the file store.
import type { AdminProject } from "../../../../shared/schemas/admin";
import { apiRequest, fileForm } from "../../../lib/api";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const uploadBrd = (input: { id: string; file: File }) =>
  apiRequest<AdminProject>("POST", `/api/company/projects/${input.id}/brd`, fileForm(input.file));

export function useUploadBrd(config: MutationConfig<typeof uploadBrd> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useAction(ownedMutation(config, uploadBrd, refreshCompanyData));
}
