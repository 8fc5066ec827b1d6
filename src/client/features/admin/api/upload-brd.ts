// POST /api/company/projects/{id}/brd (multipart): a BRD file into the file store.
import { useQueryClient } from "@tanstack/react-query";
import type { AdminProject } from "../../../../shared/schemas/admin";
import { apiRequest, fileForm } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { refreshProject } from "./refresh-project";

export const uploadBrd = (input: { id: string; file: File }) =>
  apiRequest<AdminProject>("POST", API.brd.path({ projectId: input.id }), fileForm(input.file));

export function useUploadBrd(config: MutationConfig<typeof uploadBrd> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, uploadBrd, (_, input) => refreshProject(queryClient, input.id)));
}
