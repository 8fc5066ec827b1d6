// GET /api/projects/{id}/communications/{communicationId}/replies: a thread's replies, latest first, a page at a time
// (a thread view carries only its newest; "Show older replies" asks for the ones before them). Customers and the
// company's console both read them here.
import type { CommunicationReplyPage } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const getThreadReplies = (projectId: string, threadId: string, page: number, pageSize: number) =>
  apiRequest<CommunicationReplyPage>(
    "GET",
    API.communicationReplies.path({ projectId, communicationId: threadId }, { page, pageSize }),
  );
