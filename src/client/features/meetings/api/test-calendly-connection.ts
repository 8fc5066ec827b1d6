// GET /api/calendly/test-connection, on demand (the console's Test Calendly API button).
import { useMutation } from "@tanstack/react-query";
import type { CalendlyTestResult } from "../../../../shared/schemas/calendly";
import { apiRequest } from "../../../lib/api";

export const testCalendlyConnection = () => apiRequest<CalendlyTestResult>("GET", "/api/calendly/test-connection");

export function useTestCalendlyConnection() {
  return useMutation({ mutationFn: testCalendlyConnection });
}
