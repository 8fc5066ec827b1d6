// The customer dashboard's cards: stat figures, quick actions, the add-user gate and payments.

import { generalSupportPath } from "../constants/general-support";
import { type Currency, DEFAULT_MAX_ITERATIONS, DEFAULT_USER_LIMIT, deliveryHoursOf, formatPrice } from "../constants/packages";
import { accessExpired } from "./access-expiry";
import { calendarDayInZone, daysBetween, FALLBACK_TIME_ZONE, formatDayInZone, formatLongDate } from "./dates";
import { hoursText, readDeliveryClock } from "./delivery-clock";
import { memberLevelOf, requirementsSubmitted } from "./next-action";
import { accessAllows, type ProjectAccessLevel } from "./project-access";
import { hasPrototype, prototypeReadyForTeam } from "./project-rules";
import { statusLabel } from "./project-status";
import { safeExternalUrl } from "./safe-url";

type ProjectFacts =
  | {
      status?: string | null;
      prototypeUrl?: string | null;
      hasPrototype?: boolean;
      userLimit?: number | null;
      authorizedUsersCount?: number | null;
      iterationsUsed?: number | null;
      maxIterations?: number | null;
      expectedCompletionDate?: string | null;
      requirementsSubmitted?: boolean | null;
      customerAccessExpiryDate?: string | null;
      accessLevel?: ProjectAccessLevel | null;
      packageType?: string | null;
      deliveryStartedAt?: string | null;
      deliveryDueAt?: string | null;
      deliveredAt?: string | null;
      acceptedAt?: string | null;
      /** The proposal's state (schemas/project.ts); null to a member below admin. */
      proposal?: { state: "not_ready" | "open" | "accepted" } | null;
      advancePaymentReceivedDate?: string | null;
    }
  | null
  | undefined;

type ProfileFacts =
  | { profileCompleted?: boolean | null; ndaSigned?: boolean | null; requirementsSubmitted?: boolean | null }
  | null
  | undefined;

/**
 * What the viewer may be shown of the project's business: the owner (and the company) see payments, the NDA and the
 * seats; a member sees seats (Authorized Users, Add Team Members) only when their level manages users (admin), and
 * payments only at admin level (an admin-level member may pay a phase).
 */
export function viewerScope(project: { accessLevel?: ProjectAccessLevel | null } | null | undefined) {
  const level = memberLevelOf(project);
  return {
    member: level !== null,
    payments: level === null || level === "admin",
    nda: level === null,
    manageUsers: level === null || accessAllows(level, "edit"),
    post: level === null || accessAllows(level, "post"),
    feedback: level === null || accessAllows(level, "feedback"),
  };
}

export type StatCard = { value: string; detail: string; empty: boolean; percent?: number };

export const EST_COMPLETION_EMPTY = "Timeline will be set after requirements approval";

/**
 * The status, with the share of milestones done (overall-progress.ts): the spec's percent by status (60 % at
 * "requirements", right after the NDA) would contradict Your Progress beside it (decision 0036).
 */
export function projectStatusStat(project: ProjectFacts, milestonesPercent: number): StatCard {
  return {
    value: statusLabel(project?.status),
    detail: `${milestonesPercent}% complete`,
    empty: !project,
    percent: milestonesPercent,
  };
}

export function authorizedUsersStat(project: ProjectFacts): StatCard {
  const count = project?.authorizedUsersCount ?? 0;
  const limit = project?.userLimit ?? DEFAULT_USER_LIMIT;
  return {
    value: `${count} / ${limit}`,
    detail: count === 0 ? "No users added yet" : `${Math.max(0, limit - count)} slots available`,
    empty: count === 0,
  };
}

export function iterationsStat(project: ProjectFacts): StatCard {
  const used = project?.iterationsUsed ?? 0;
  const max = project?.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  return {
    value: `${used} / ${max}`,
    detail: used === 0 ? "No iterations used yet" : `${Math.max(0, max - used)} remaining`,
    empty: used === 0,
  };
}

/**
 * One date, the one the project runs on (issue 48 §4): the approval's date once completed; before delivery, the
 * delivery clock's due time (or the package's hours, until the advance starts the clock); after delivery, the
 * iteration plan (the expected date the company sets) with the days left. The days count from the viewer's today.
 */
export function estimatedCompletionStat(project: ProjectFacts, now: Date, zone: string = FALLBACK_TIME_ZONE): StatCard {
  if (project?.status === "completed") {
    const completedOn = project.acceptedAt ?? project.expectedCompletionDate;
    return {
      value: completedOn ? formatLongDate(completedOn) : "Completed",
      detail: project.acceptedAt ? "Approved" : "Completed",
      empty: false,
    };
  }
  if (project && !project.deliveredAt) {
    const clock = readDeliveryClock(
      {
        status: project.status ?? "",
        advancePaymentReceivedDate: null,
        deliveryStartedAt: project.deliveryStartedAt ?? null,
        deliveryDueAt: project.deliveryDueAt ?? null,
        deliveredAt: null,
      },
      now,
    );
    if (clock.state === "running") {
      return {
        // The due instant's day where the viewer is (the delivery clock's card beside it states the time in their zone).
        value: formatDayInZone(clock.dueAt, zone),
        detail: clock.overdue ? "Prototype overdue: the team is on it" : `Prototype due in ${hoursText(clock.hoursLeft)}`,
        empty: false,
      };
    }
    const hours = deliveryHoursOf(project.packageType);
    if (hours !== null && !project.deliveryStartedAt) {
      return {
        value: `${hours} hours`,
        detail: "Prototype delivery, counted from your advance payment and confirmed brief",
        empty: false,
      };
    }
  }
  const due = project?.expectedCompletionDate;
  if (!due) return { value: "TBD", detail: EST_COMPLETION_EMPTY, empty: true };
  const days = daysBetween(calendarDayInZone(now, zone), new Date(due));
  const value = formatLongDate(due);
  if (days > 1) return { value, detail: `${days} days remaining`, empty: false };
  if (days === 1) return { value, detail: "1 day remaining", empty: false };
  if (days === 0) return { value, detail: "Due today", empty: false };
  return { value, detail: "Past the expected date", empty: false };
}

const PROTOTYPE_REQUIRED_REASON = "Available when prototype is ready";
const PROJECT_COMPLETED_REASON = "Not available on a completed project";
const ACCESS_ENDED_REASON = "Access to this project has ended: ask the Blueprint team to extend it";

/** 'Add New User' waits for a prototype in testing; until then it is labelled '(Prototype Required)' (owners and member admins only: see viewerScope). */
export function addUserButton(project: ProjectFacts, now = new Date()): { disabled: boolean; label: string } {
  if (accessExpired(project, now)) return { disabled: true, label: "Add New User (Access Ended)" };
  const ready = prototypeReadyForTeam(project);
  if (ready) return { disabled: false, label: "Add New User" };
  // A completed project does not wait for a prototype any more: say why it is closed.
  return {
    disabled: true,
    label: project?.status === "completed" ? "Add New User (Project Completed)" : "Add New User (Prototype Required)",
  };
}

export type QuickAction = {
  key: "schedule_meeting" | "contact_support" | "add_team_members" | "view_requirements";
  label: string;
  target: string;
  available: boolean;
  reason: string | null;
};

/**
 * The owner's four actions (Add Team Members only while User Management is open, View Requirements once the profile
 * is completed). A member is offered only what their level allows: meetings and support when they may post, Add Team
 * Members when they manage users, and the requirements to read.
 */
export function quickActions(profile: ProfileFacts, project: ProjectFacts, now = new Date()): QuickAction[] {
  const ended = accessExpired(project, now);
  const teamReady = prototypeReadyForTeam(project) && !ended;
  const scope = viewerScope(project);
  const profileDone = scope.member || Boolean(profile?.profileCompleted);
  const actions: Array<QuickAction | false> = [
    scope.post && {
      key: "schedule_meeting",
      label: "Schedule Meeting",
      target: "/meeting-requests",
      available: true,
      reason: null,
    },
    scope.post && {
      key: "contact_support",
      label: "Contact Support",
      // Before any project, support is the customer's general conversation with the team.
      target: project ? "/communications?openMessage=true" : generalSupportPath(true),
      available: true,
      reason: null,
    },
    scope.manageUsers && {
      key: "add_team_members",
      label: "Add Team Members",
      target: "/user-management",
      available: teamReady,
      reason: teamReady
        ? null
        : ended
          ? ACCESS_ENDED_REASON
          : project?.status === "completed"
            ? PROJECT_COMPLETED_REASON
            : PROTOTYPE_REQUIRED_REASON,
    },
    {
      key: "view_requirements",
      label: "View Requirements",
      target: "/requirements",
      available: profileDone,
      reason: profileDone ? null : "Complete your profile first",
    },
  ];
  return actions.filter((action): action is QuickAction => action !== false);
}

export type TaskLink = { label: string; target: string };
export type CurrentTask = {
  key: "onboarding" | "requirements" | "review" | "proposal" | "advance" | "development" | "testing" | "completed" | "waiting";
  title: string;
  description: string;
  links: TaskLink[];
};

/**
 * Current Task follows the project in view: onboarding (no project before the profile and the signed NDA),
 * requirements (until submitted) → awaiting review → development →
 * testing the prototype → completed. A member is never handed the owner's questionnaire: they wait for the prototype.
 */
export function currentTask(profile: ProfileFacts, project: ProjectFacts): CurrentTask {
  const scope = viewerScope(project);
  const status = project?.status ?? null;
  if (status === "completed") {
    return {
      key: "completed",
      title: "Project completed",
      description: scope.member
        ? "The prototype and its business requirements document are finished."
        : "Your prototype and business requirements document are ready. Your documents are listed below.",
      links: [{ label: "View Requirements", target: "/requirements" }],
    };
  }
  if (status === "testing" && hasPrototype(project)) {
    return {
      key: "testing",
      title: "Testing your prototype",
      description: scope.feedback
        ? "The prototype is live. Try it, mark up what should change and send your feedback."
        : "The prototype is live. Your access lets you look at it; the team collects feedback from testers.",
      links: [
        { label: scope.feedback ? "Test Prototype" : "Open Prototype", target: "/testing-feedback" },
        ...(scope.manageUsers && prototypeReadyForTeam(project)
          ? [{ label: "Add Team Members", target: "/user-management" }]
          : []),
      ],
    };
  }
  if (status === "development" || status === "testing") {
    return {
      key: "development",
      title: "Prototype development",
      description: scope.member
        ? "The team is building the prototype. You can test it here as soon as it is ready."
        : "We are building your prototype from your requirements. Questions and updates go through Communications.",
      links: [
        { label: "View Requirements", target: "/requirements" },
        ...(scope.post ? [{ label: "Open Communications", target: "/communications" }] : []),
      ],
    };
  }
  if (scope.member) {
    return {
      key: "waiting",
      title: "Waiting for the prototype",
      description: "The project's requirements are being prepared. You can test the prototype here once it is ready.",
      links: [{ label: "View Requirements", target: "/requirements" }],
    };
  }
  if (!project) {
    // The NDA comes before the idea: no project (and no questionnaire) until the profile is complete and the NDA signed.
    const profileDone = Boolean(profile?.profileCompleted);
    return {
      key: "onboarding",
      title: profileDone ? "Sign the NDA" : "Company profile and NDA",
      description: profileDone
        ? "Sign the NDA online: your project opens as soon as it is signed, before you share any detail of your idea."
        : "Tell us about your company, then sign the NDA online. Your project opens once the NDA is signed.",
      links: [{ label: profileDone ? "Sign NDA" : "Complete Profile", target: "/onboarding" }],
    };
  }
  if (project.proposal?.state === "open") {
    return {
      key: "proposal",
      title: "Accept your proposal",
      description:
        "Your brief is confirmed. Read the proposal below (the price, the payment schedule, the delivery promise and the terms) and accept it by name: the advance can be paid once it is accepted.",
      links: [{ label: "View Requirements", target: "/requirements" }],
    };
  }
  if (project.proposal?.state === "accepted" && !project.advancePaymentReceivedDate) {
    return {
      key: "advance",
      title: "Pay the advance",
      description:
        "Your proposal is accepted. The delivery clock starts as soon as the advance is received; pay it below by card, or by transfer as agreed with the team.",
      links: [{ label: "View Requirements", target: "/requirements" }],
    };
  }
  if (requirementsSubmitted(profile, project)) {
    return {
      key: "review",
      title: "Requirements under review",
      description:
        "Your requirements are submitted and our team is reviewing them. Book a kick-off meeting to walk us through your idea.",
      links: [
        { label: "View Requirements", target: "/requirements" },
        { label: "Schedule Meeting", target: "/meeting-requests" },
      ],
    };
  }
  return {
    key: "requirements",
    title: "Requirements gathering",
    description: "Describe your idea with the guided questionnaire; the AI writes a two-page brief from your answers.",
    links: [
      { label: "Continue Requirements", target: "/requirements" },
      { label: "View Draft", target: "/requirements" },
    ],
  };
}

/** The deployment date reads "Deployed" once it has passed, "Planned" while it is ahead. */
export function deploymentDetail(
  deploymentDate: string | null | undefined,
  now: Date,
): { label: "Deployed" | "Planned"; date: string } | null {
  if (!deploymentDate) return null;
  const at = Date.parse(deploymentDate);
  if (!Number.isFinite(at)) return null;
  return { label: at <= now.getTime() ? "Deployed" : "Planned", date: deploymentDate };
}

type PaymentFields = {
  advancePaymentLink?: string | null;
  advancePaymentAmount?: string | null;
  advancePaymentCurrency?: string | null;
  advancePaymentReceivedDate?: string | null;
  advanceInvoiceName?: string | null;
  advanceInvoiceUrl?: string | null;
  balancePaymentLink?: string | null;
  balancePaymentAmount?: string | null;
  balancePaymentCurrency?: string | null;
  balancePaymentReceivedDate?: string | null;
  finalPaymentLink?: string | null;
  finalPaymentAmount?: string | null;
  finalInvoiceName?: string | null;
  finalInvoiceUrl?: string | null;
};

type PaymentState = "paid" | "due" | "not_requested";

type PaymentView = {
  id: "advance" | "balance";
  title: string;
  amount: string | null;
  link: string | null;
  invoice: { name: string; url: string } | null;
  state: PaymentState;
  stateLabel: string;
  paidOn: string | null;
};

const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: "Paid",
  due: "Payment due",
  not_requested: "Not requested yet",
};

/** '2000' in USD → '$2,000'; text that is not a plain number is shown as the admin typed it. */
export function formatAmount(amount: string | null | undefined, currency: string | null | undefined): string | null {
  const text = amount?.trim();
  if (!text) return null;
  const numeric = Number(text.replace(/,/g, ""));
  const code: Currency = currency === "INR" ? "INR" : "USD";
  return Number.isFinite(numeric) && /^[\d,.]+$/.test(text) ? formatPrice(numeric, code) : text;
}

/** A document link: a file the portal stores (/api/files/...) or an http(s) link. */
export function safeDocumentUrl(value: string | null | undefined): string | null {
  if (value && /^\/api\/files\/[0-9a-f]{64}$/.test(value)) return value;
  return safeExternalUrl(value);
}

function paymentView(input: {
  id: PaymentView["id"];
  title: string;
  amount: string | null;
  link: string | null | undefined;
  invoiceName: string | null | undefined;
  invoiceUrl: string | null | undefined;
  paidOn: string | null | undefined;
}): PaymentView {
  const link = safeExternalUrl(input.link);
  const invoiceUrl = safeDocumentUrl(input.invoiceUrl);
  const state: PaymentState = input.paidOn ? "paid" : link || input.amount ? "due" : "not_requested";
  return {
    id: input.id,
    title: input.title,
    amount: input.amount,
    link: state === "paid" ? null : link,
    invoice: invoiceUrl ? { name: input.invoiceName || "Invoice", url: invoiceUrl } : null,
    state,
    stateLabel: PAYMENT_STATE_LABELS[state],
    paidOn: input.paidOn ?? null,
  };
}

/** Advance and balance payments as the admin set them; the balance falls back to the 'final' fields. */
export function paymentsFor(project: PaymentFields | null | undefined): PaymentView[] {
  if (!project) return [];
  return [
    paymentView({
      id: "advance",
      title: "Advance Payment",
      amount: formatAmount(project.advancePaymentAmount, project.advancePaymentCurrency),
      link: project.advancePaymentLink,
      invoiceName: project.advanceInvoiceName,
      invoiceUrl: project.advanceInvoiceUrl,
      paidOn: project.advancePaymentReceivedDate,
    }),
    paymentView({
      id: "balance",
      title: "Balance Payment",
      amount:
        formatAmount(project.balancePaymentAmount, project.balancePaymentCurrency) ??
        formatAmount(project.finalPaymentAmount, project.balancePaymentCurrency),
      link: project.balancePaymentLink ?? project.finalPaymentLink,
      invoiceName: project.finalInvoiceName,
      invoiceUrl: project.finalInvoiceUrl,
      paidOn: project.balancePaymentReceivedDate,
    }),
  ];
}
