// GET /api/calendly/upcoming-meetings: the console's Calendly Meetings view, asked only while it shows.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CalendlyUpcomingResult } from "../../../../shared/schemas/calendly";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const CALENDLY_UPCOMING_KEY = API.calendlyUpcoming.key();

export const getCalendlyMeetings = () => apiRequest<CalendlyUpcomingResult>("GET", API.calendlyUpcoming.path());

export const calendlyMeetingsQueryOptions = () =>
  queryOptions({ queryKey: CALENDLY_UPCOMING_KEY, queryFn: getCalendlyMeetings, ...COMPANY_NO_CACHE });

export function useCalendlyUpcomingMeetings(options: { enabled: boolean }) {
  return useQuery({ ...calendlyMeetingsQueryOptions(), enabled: options.enabled });
}
