// A client of Calendly's API v2 with a personal access token: users/me, then the organization's active scheduled
// events from now on (sorted by start time, following pagination.next_page) and each event's invitees. Requests time
// out, a 429's Retry-After is honoured (a short wait is waited once; a longer one fails fast until it passes), and
// the upcoming list is cached briefly.
import { CALENDLY_MESSAGES, DEFAULT_EXTERNAL_MEETING_MINUTES, type ExternalMeeting } from "../../../shared/schemas/calendly";

export type CalendlyFailure =
  | "not_configured"
  | "unauthorized"
  | "forbidden"
  | "rate_limited"
  | "timeout"
  | "unreachable"
  | "unexpected";

export class CalendlyError extends Error {
  constructor(
    readonly kind: CalendlyFailure,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export type CalendlyUser = { uri: string; name: string; email: string; schedulingUrl: string | null; organization: string };

export type CalendlyClientOptions = {
  token: string | null;
  apiUrl: string;
  timeoutMs?: number;
  /** 429 answers asking to wait at most this long are waited out once; longer ones fail at once. */
  maxRetryWaitMs?: number;
  cacheMs?: number;
  now?: () => number;
};

const PAGE_SIZE = 100;
const MAX_PAGES = 10;
const INVITEE_CONCURRENCY = 4;

type Page<T> = { collection?: T[]; pagination?: { next_page?: string | null } };
type RawEvent = {
  uri?: string;
  name?: string;
  status?: string;
  start_time?: string;
  end_time?: string;
  event_type?: string | null;
  location?: { type?: string | null; join_url?: string | null; location?: string | null } | null;
};
type RawInvitee = { name?: string; email?: string };

function retryAfterSeconds(header: string | null): number {
  if (!header) return 60;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : 60;
}

export function createCalendlyClient(options: CalendlyClientOptions) {
  const base = options.apiUrl.replace(/\/+$/, "");
  const origin = new URL(base).origin;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 5_000;
  const cacheMs = options.cacheMs ?? 60_000;
  const now = options.now ?? Date.now;
  let blockedUntil = 0;
  let cached: { at: number; meetings: ExternalMeeting[] } | null = null;
  let inFlight: Promise<ExternalMeeting[]> | null = null;

  async function get<T>(pathOrUrl: string, query?: Record<string, string>, retried = false): Promise<T> {
    if (!options.token) throw new CalendlyError("not_configured", CALENDLY_MESSAGES.notConfigured);
    if (now() < blockedUntil) {
      throw new CalendlyError("rate_limited", CALENDLY_MESSAGES.rateLimited, Math.ceil((blockedUntil - now()) / 1000));
    }
    const url = new URL(pathOrUrl.startsWith("http") ? pathOrUrl : `${base}/${pathOrUrl.replace(/^\//, "")}`);
    // The token goes only to the configured API's origin, whatever a next_page link says.
    if (url.origin !== origin) throw new CalendlyError("unexpected", CALENDLY_MESSAGES.unexpected);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${options.token}`, accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === "TimeoutError" || name === "AbortError") throw new CalendlyError("timeout", CALENDLY_MESSAGES.timeout);
      throw new CalendlyError("unreachable", CALENDLY_MESSAGES.unreachable);
    }
    if (response.status === 429) {
      const wait = retryAfterSeconds(response.headers.get("retry-after"));
      await response.body?.cancel();
      if (!retried && wait * 1000 <= maxRetryWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        return get<T>(pathOrUrl, query, true);
      }
      blockedUntil = now() + wait * 1000;
      throw new CalendlyError("rate_limited", CALENDLY_MESSAGES.rateLimited, Math.max(1, Math.ceil(wait)));
    }
    if (response.status === 401) throw new CalendlyError("unauthorized", CALENDLY_MESSAGES.unauthorized);
    if (response.status === 403) throw new CalendlyError("forbidden", CALENDLY_MESSAGES.forbidden);
    if (!response.ok) {
      await response.body?.cancel();
      throw new CalendlyError("unexpected", `${CALENDLY_MESSAGES.unexpected} (HTTP ${response.status})`);
    }
    try {
      return (await response.json()) as T;
    } catch {
      throw new CalendlyError("unexpected", CALENDLY_MESSAGES.unexpected);
    }
  }

  async function me(): Promise<CalendlyUser> {
    const body = await get<{ resource?: Record<string, unknown> }>("users/me");
    const r = body.resource ?? {};
    if (typeof r.uri !== "string" || typeof r.current_organization !== "string") {
      throw new CalendlyError("unexpected", CALENDLY_MESSAGES.unexpected);
    }
    return {
      uri: r.uri,
      name: typeof r.name === "string" ? r.name : "",
      email: typeof r.email === "string" ? r.email : "",
      schedulingUrl: typeof r.scheduling_url === "string" ? r.scheduling_url : null,
      organization: r.current_organization,
    };
  }

  async function all<T>(path: string, query: Record<string, string>): Promise<T[]> {
    const items: T[] = [];
    let page = await get<Page<T>>(path, query);
    for (let n = 1; ; n++) {
      items.push(...(page.collection ?? []));
      const next = page.pagination?.next_page;
      if (!next || n >= MAX_PAGES) return items;
      page = await get<Page<T>>(next);
    }
  }

  function eventUuid(uri: string): string | null {
    const match = /\/scheduled_events\/([A-Za-z0-9-]+)\/?$/.exec(uri);
    return match?.[1] ?? null;
  }

  async function mapEvent(event: RawEvent): Promise<ExternalMeeting | null> {
    if (!event.uri || !event.start_time || !event.end_time) return null;
    const uuid = eventUuid(event.uri);
    const invitees = uuid ? await all<RawInvitee>(`scheduled_events/${uuid}/invitees`, { count: String(PAGE_SIZE) }) : [];
    const minutes = Math.round((Date.parse(event.end_time) - Date.parse(event.start_time)) / 60_000);
    return {
      uri: event.uri,
      name: event.name ?? "Meeting",
      status: event.status ?? "active",
      start_time: event.start_time,
      end_time: event.end_time,
      event_type: { uri: event.event_type ?? null, duration: minutes > 0 ? minutes : DEFAULT_EXTERNAL_MEETING_MINUTES },
      invitees: invitees.map((i) => ({ name: i.name ?? "", email: i.email ?? "" })),
      location: event.location ? { type: event.location.type ?? null, join_url: event.location.join_url ?? null } : null,
    };
  }

  async function fetchUpcoming(): Promise<ExternalMeeting[]> {
    const user = await me();
    const events = await all<RawEvent>("scheduled_events", {
      organization: user.organization,
      status: "active",
      min_start_time: new Date(now()).toISOString(),
      sort: "start_time:asc",
      count: String(PAGE_SIZE),
    });
    const meetings: ExternalMeeting[] = [];
    for (let i = 0; i < events.length; i += INVITEE_CONCURRENCY) {
      const batch = await Promise.all(events.slice(i, i + INVITEE_CONCURRENCY).map(mapEvent));
      for (const meeting of batch) if (meeting) meetings.push(meeting);
    }
    return meetings;
  }

  return {
    configured: Boolean(options.token),
    me,
    /** Upcoming meetings, cached for a minute; concurrent callers share one fetch. */
    async upcomingMeetings(): Promise<{ meetings: ExternalMeeting[]; fetchedAt: Date }> {
      if (cached && now() - cached.at < cacheMs) return { meetings: cached.meetings, fetchedAt: new Date(cached.at) };
      inFlight ??= fetchUpcoming().finally(() => {
        inFlight = null;
      });
      const meetings = await inFlight;
      cached = { at: now(), meetings };
      return { meetings, fetchedAt: new Date(cached.at) };
    },
  };
}

export type CalendlyClient = ReturnType<typeof createCalendlyClient>;
