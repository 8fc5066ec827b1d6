// Every API path the browser asks, and the query keys of its reads, in one table: an endpoint owner
// (features/<feature>/api/) takes its path and its key from here and writes neither by hand.
// `scripts/count-literal-api-paths.ts` (in `npm run check`) counts any "/api/…" literal elsewhere in src/client.
//
// A path is a template whose `:name` segments are its typed parameters (each encoded into the path). A read's key is
// the template's fixed start (up to its first parameter) followed by the rest of its segments, with the raw values,
// and what tells two answers of the path apart (its query, for a list): `["/api/projects", id, "feedback", query]`.
// So a key is a prefix of the keys of the paths below it, and refreshing a project's threads (`communications.key`)
// refreshes every page of them.
import { type QueryValues, queryString } from "./query-string";

type ParamNames<T extends string> = T extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : T extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters a template names, each a string. */
export type PathParams<T extends string> = { readonly [Name in ParamNames<T>]: string };

/** A template without parameters is called with none; one with parameters takes them first. */
type Args<T extends string, Rest extends unknown[]> = [ParamNames<T>] extends [never]
  ? Rest
  : [params: PathParams<T>, ...rest: Rest];

export type Endpoint<T extends string> = {
  readonly template: T;
  /** The path with its parameters encoded, and the query string of the set values (see queryString). */
  path(...args: Args<T, [query?: QueryValues]>): string;
  /** The query key of the read at this path; `variant` tells its answers apart (the query of a list). */
  key(...args: Args<T, [variant?: unknown]>): readonly unknown[];
};

type EndpointOptions = {
  /**
   * A word after the key's start that keeps the key from being a prefix of the keys of the paths under it (the
   * project list is not refreshed with every project's own reads, nor they with it).
   */
  ownKey?: string;
};

function endpoint<const T extends `/api/${string}`>(template: T, options: EndpointOptions = {}): Endpoint<T> {
  const segments = template.slice(1).split("/");
  const firstParam = segments.findIndex((segment) => segment.startsWith(":"));
  const fixed = firstParam === -1 ? segments.length : firstParam;
  const root = `/${segments.slice(0, fixed).join("/")}`;
  const rest = segments.slice(fixed);
  const split = (args: unknown[]): [Record<string, string>, unknown] =>
    rest.some((segment) => segment.startsWith(":")) ? [args[0] as Record<string, string>, args[1]] : [{}, args[0]];
  const fill = (params: Record<string, string>, encode: (value: string) => string) =>
    rest.map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined) throw new Error(`${template}: no value for ${segment}`);
      return encode(value);
    });
  return {
    template,
    path: (...args) => {
      const [params, query] = split(args);
      const path = [root, ...fill(params, encodeURIComponent)].join("/");
      return query === undefined ? path : `${path}${queryString(query as QueryValues)}`;
    },
    key: (...args) => {
      const [params, variant] = split(args);
      return [
        root,
        ...(options.ownKey ? [options.ownKey] : []),
        ...fill(params, String),
        ...(variant === undefined ? [] : [variant]),
      ];
    },
  };
}

/** Reads and writes the browser makes, by feature. */
export const API = {
  // Sign-in and the session
  currentUser: endpoint("/api/auth/user"),
  requestSignInCode: endpoint("/api/auth/request-code"),
  verifySignInCode: endpoint("/api/auth/verify-code"),
  logout: endpoint("/api/auth/logout"),
  /** The sign-out link: a plain navigation that ends the session and lands on the public site. */
  logoutLink: endpoint("/api/logout"),
  /** Where a lost session goes to sign in again. */
  login: endpoint("/api/login"),
  session: endpoint("/api/session"),
  contact: endpoint("/api/contact"),
  /** The live stream of change tags (Server-Sent Events). */
  events: endpoint("/api/events"),

  // Account
  deletionCode: endpoint("/api/me/deletion-code"),
  deleteAccount: endpoint("/api/me/delete"),
  exportData: endpoint("/api/me/export"),
  name: endpoint("/api/me/name"),
  timeZone: endpoint("/api/me/time-zone"),
  notificationPreferences: endpoint("/api/me/notification-preferences"),

  // Notifications and the dashboard
  notifications: endpoint("/api/notifications"),
  notificationRead: endpoint("/api/notifications/:notificationId/read"),
  notificationsReadAll: endpoint("/api/notifications/read-all"),
  activity: endpoint("/api/dashboard/activity"),

  // Onboarding: profile and NDA
  profile: endpoint("/api/profile"),
  verifyDocument: endpoint("/api/verify-document"),
  ndaSendCode: endpoint("/api/nda/send-otp"),
  ndaSign: endpoint("/api/nda/verify-customer-otp"),
  ndaSendCompanyCode: endpoint("/api/nda/send-company-otp"),
  ndaDraft: endpoint("/api/nda/generate/draft"),
  ndaSigned: endpoint("/api/nda/generate/signed"),
  ndaDownloadSigned: endpoint("/api/nda/download/signed"),

  // Projects, requirements and the brief
  projects: endpoint("/api/projects", { ownKey: "list" }),
  project: endpoint("/api/projects/:projectId"),
  requirements: endpoint("/api/projects/:projectId/requirements"),
  generateBrief: endpoint("/api/projects/:projectId/requirements/generate"),
  briefPdf: endpoint("/api/projects/:projectId/brief.pdf"),
  projectDocuments: endpoint("/api/projects/:projectId/documents"),
  checkout: endpoint("/api/projects/:projectId/payments/:phase/checkout"),
  receipt: endpoint("/api/projects/:projectId/payments/:paymentId/receipt"),
  projectInvoices: endpoint("/api/projects/:projectId/invoices"),
  proposal: endpoint("/api/projects/:projectId/proposal"),
  proposalAccept: endpoint("/api/projects/:projectId/proposal/accept"),
  proposalPdf: endpoint("/api/projects/:projectId/proposal/pdf"),

  // Team
  projectUsers: endpoint("/api/projects/:projectId/users"),
  projectUser: endpoint("/api/projects/:projectId/users/:userId"),
  membership: endpoint("/api/projects/:projectId/membership"),

  // Communications
  communications: endpoint("/api/projects/:projectId/communications"),
  communicationRead: endpoint("/api/projects/:projectId/communications/:communicationId/read"),
  communicationReplies: endpoint("/api/projects/:projectId/communications/:communicationId/replies"),
  companyCommunications: endpoint("/api/company/communications"),
  companyThread: endpoint("/api/company/communications/:threadId"),

  // Feedback, versions, acceptance and handover
  feedback: endpoint("/api/projects/:projectId/feedback"),
  feedbackItem: endpoint("/api/projects/:projectId/feedback/:feedbackId"),
  feedbackConfirm: endpoint("/api/projects/:projectId/feedback/:feedbackId/confirm"),
  feedbackReopen: endpoint("/api/projects/:projectId/feedback/:feedbackId/reopen"),
  closeFeedbackRound: endpoint("/api/projects/:projectId/feedback/rounds/close"),
  feedbackResolution: endpoint("/api/company/projects/:projectId/feedback/:feedbackId/resolution"),
  companyFeedback: endpoint("/api/company/feedback"),
  prototypeFrameCheck: endpoint("/api/projects/:projectId/prototype/frame-check"),
  versions: endpoint("/api/projects/:projectId/versions"),
  publishVersion: endpoint("/api/company/projects/:projectId/versions"),
  acceptance: endpoint("/api/projects/:projectId/acceptance"),
  acceptanceCertificate: endpoint("/api/projects/:projectId/acceptance/certificate"),
  handover: endpoint("/api/projects/:projectId/handover"),
  handoverSummary: endpoint("/api/projects/:projectId/handover/summary"),

  // Meetings
  meetingRequests: endpoint("/api/projects/:projectId/meeting-requests"),
  meetingStats: endpoint("/api/meeting-requests/stats"),
  companyMeetingRequests: endpoint("/api/company/meeting-requests"),
  companyMeetingRequest: endpoint("/api/company/meeting-requests/:requestId"),
  calendlyUpcoming: endpoint("/api/calendly/upcoming-meetings"),
  calendlyTest: endpoint("/api/calendly/test-connection"),

  // Progress updates
  updates: endpoint("/api/projects/:projectId/updates"),
  postUpdate: endpoint("/api/company/projects/:projectId/updates"),
  updateDraft: endpoint("/api/company/projects/:projectId/updates/draft"),

  // The company console
  companyStats: endpoint("/api/company/stats"),
  companyCharts: endpoint("/api/company/charts"),
  serviceLevels: endpoint("/api/company/service-levels"),
  serviceLevelReport: endpoint("/api/company/service-levels/report"),
  companyProjects: endpoint("/api/company/projects"),
  companyInvoices: endpoint("/api/company/invoices"),
  companyProjectsCsv: endpoint("/api/company/projects.csv"),
  companyProject: endpoint("/api/company/projects/:projectId"),
  projectAudit: endpoint("/api/company/projects/:projectId/audit"),
  companyAudit: endpoint("/api/company/audit"),
  accessExpiry: endpoint("/api/company/projects/:projectId/access-expiry"),
  deliveryClockStart: endpoint("/api/company/projects/:projectId/delivery-clock/start"),
  brd: endpoint("/api/company/projects/:projectId/brd"),
  invoice: endpoint("/api/company/projects/:projectId/invoices/:phase"),
  userActivity: endpoint("/api/company/user-activity"),
  profileReminder: endpoint("/api/company/users/:userId/profile-reminder"),
  pendingNdas: endpoint("/api/company/pending-ndas"),
  approveNda: endpoint("/api/company/nda/approve"),
  inquiries: endpoint("/api/company/inquiries"),
  inquiry: endpoint("/api/company/inquiries/:inquiryId"),
  companyLegal: endpoint("/api/company/settings/legal"),
  companyWebhooks: endpoint("/api/company/webhooks"),
  companyWebhook: endpoint("/api/company/webhooks/:endpointId"),
  companyWebhookRotate: endpoint("/api/company/webhooks/:endpointId/rotate-secret"),
  companyWebhookDeliveries: endpoint("/api/company/webhooks/:endpointId/deliveries"),
  companyWebhookResend: endpoint("/api/company/webhooks/deliveries/:deliveryId/resend"),
  companyStaff: endpoint("/api/company/staff"),
  companyStaffMember: endpoint("/api/company/staff/:staffId"),
  customerProfile: endpoint("/api/customer-profile/:userId"),
  customerNda: endpoint("/api/customer-profile/:userId/nda"),
  statusUpdates: endpoint("/api/admin/test-status-updates"),
} as const;

/** The starts of the keys of company-only reads (the console's): never served from cache, refreshed together. */
const COMPANY_ROOTS = ["/api/company/", "/api/customer-profile"];

/** Whether a key's start names a company-only read. */
export function isCompanyRoot(root: unknown): boolean {
  return typeof root === "string" && COMPANY_ROOTS.some((start) => root.startsWith(start));
}
