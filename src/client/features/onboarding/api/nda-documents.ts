// The NDA documents, opened or downloaded as links: the draft, the signed copy, and its download.
import { API } from "../../../lib/api-paths";
export const NDA_LINKS = {
  draft: API.ndaDraft.path(),
  signed: API.ndaSigned.path(),
  downloadSigned: API.ndaDownloadSigned.path(),
} as const;
