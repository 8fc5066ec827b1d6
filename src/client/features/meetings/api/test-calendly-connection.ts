// GET /api/calendly/test-connection, on demand (the console's Test Calendly API button).
import type { CalendlyTestResult } from "../../../../shared/schemas/calendly";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { useAction } from "../../../lib/use-action";

export const testCalendlyConnection = () => apiRequest<CalendlyTestResult>("GET", API.calendlyTest.path());

export function useTestCalendlyConnection() {
  return useAction({ mutationFn: testCalendlyConnection });
}
