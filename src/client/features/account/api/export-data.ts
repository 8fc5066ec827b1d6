// GET /api/me/export: the caller's data as a ZIP. A plain download link, so the browser saves the stream as it
// arrives instead of the page holding the archive; a refusal (429) arrives as the error page of that download.
import { API } from "../../../lib/api-paths";
export const EXPORT_URL = API.exportData.path();
