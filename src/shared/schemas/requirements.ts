// The requirements questionnaire and the brief: questions, rules, messages and API shapes.
import { z } from "zod";
import { hasUnsafeCharacters } from "../text/safe-text";

/** The shortest answer a question takes (the project name's is shorter). */
const ANSWER_MIN_LENGTH = 10;
const NAME_MIN_LENGTH = 3;

/** A project's name shows in the sidebar, the selector and emails: short enough to read at a glance. */
export const PROJECT_NAME_MAX_LENGTH = 120;

export const REQUIREMENT_MESSAGES = {
  projectName: `Please provide a project name (at least ${NAME_MIN_LENGTH} characters)`,
  techStack: `Please describe your preferred technology stack (at least ${ANSWER_MIN_LENGTH} characters)`,
  problemStatement: `Please describe the problem you want to solve (at least ${ANSWER_MIN_LENGTH} characters)`,
  targetUsers: `Please describe who will use the product (at least ${ANSWER_MIN_LENGTH} characters)`,
  currentSolution: `Please describe how this is handled today (at least ${ANSWER_MIN_LENGTH} characters)`,
  coreFunctionality: `Please list the core features you need (at least ${ANSWER_MIN_LENGTH} characters)`,
  idealWorkflow: `Please describe the ideal workflow step by step (at least ${ANSWER_MIN_LENGTH} characters)`,
  successCriteria: `Please describe how you will measure success (at least ${ANSWER_MIN_LENGTH} characters)`,
  saveMinimum: "Please fill in at least the project name and problem statement before saving.",
  saveFirst: "Please save requirements first to generate AI brief",
  generateNeedsCore: `Please describe the core functionality (at least ${ANSWER_MIN_LENGTH} characters) and save it before generating the AI brief.`,
  tooLong: "Please keep this answer under 5,000 characters",
  projectNameTooLong: `At most ${PROJECT_NAME_MAX_LENGTH} characters`,
  invalidCharacters: "This contains invalid characters",
  briefEmpty: "The brief is empty. Generate or write it before confirming.",
  briefTooLong: "The brief must be under 50,000 characters",
  briefLocked: "This brief has been confirmed and can no longer be changed.",
} as const;

const ANSWER_MAX_LENGTH = 5000;
export const BRIEF_MAX_LENGTH = 50_000;

export const REQUIREMENT_TEXT_FIELDS = [
  "projectName",
  "techStack",
  "problemStatement",
  "targetUsers",
  "currentSolution",
  "coreFunctionality",
  "idealWorkflow",
  "successCriteria",
  "additionalRequirements",
] as const;
export type RequirementField = (typeof REQUIREMENT_TEXT_FIELDS)[number];

type RequirementQuestion = {
  field: RequirementField;
  label: string;
  hint: string;
  example: string;
  minLength: number;
  required: boolean;
  multiline: boolean;
};

/** The questionnaire in the order it is asked: a hint and an example under every question. */
export const REQUIREMENT_QUESTIONS: readonly RequirementQuestion[] = [
  {
    field: "projectName",
    label: "Project name",
    hint: "A short working name your team will recognise. You can change it later.",
    example: "ClinicFlow appointment booking",
    minLength: NAME_MIN_LENGTH,
    required: true,
    multiline: false,
  },
  {
    field: "problemStatement",
    label: "What problem should the prototype solve?",
    hint: "Describe the pain in business terms: who suffers, how often, and what it costs today.",
    example:
      "Our front desk spends about 3 hours a day answering calls to book, move or cancel appointments, and 15% of booked patients do not show up.",
    minLength: ANSWER_MIN_LENGTH,
    required: true,
    multiline: true,
  },
  {
    field: "targetUsers",
    label: "Who will use it?",
    hint: "Name each group of users and what they need. Put each group on its own line.",
    example:
      "Patients booking from their phone\nReceptionists managing the day's schedule\nClinic managers reviewing utilisation",
    minLength: ANSWER_MIN_LENGTH,
    required: true,
    multiline: true,
  },
  {
    field: "currentSolution",
    label: "How is this handled today?",
    hint: "The tools, spreadsheets or manual steps in use now, and where they fall short.",
    example:
      "Bookings are taken by phone and written into a shared Google Calendar. Reminders are sent by hand, so most patients never get one.",
    minLength: ANSWER_MIN_LENGTH,
    required: true,
    multiline: true,
  },
  {
    field: "coreFunctionality",
    label: "What must the prototype do?",
    hint: "List the features, one per line, most important first. Mark nice-to-haves as optional.",
    example:
      "Patients see free slots and book online\nAutomatic SMS reminder 24 hours before the visit\nReceptionist day view with drag-and-drop rescheduling\nMonthly no-show report (optional)",
    minLength: ANSWER_MIN_LENGTH,
    required: true,
    multiline: true,
  },
  {
    field: "idealWorkflow",
    label: "Describe the ideal workflow",
    hint: "Walk through one typical journey, step by step, from the user's first action to the result.",
    example:
      "Patient opens the booking link\nPicks a doctor and a free slot\nConfirms with name and phone number\nReceives a confirmation and a reminder the day before",
    minLength: ANSWER_MIN_LENGTH,
    required: true,
    multiline: true,
  },
  {
    field: "successCriteria",
    label: "How will you measure success?",
    hint: "Outcomes you can check after testing, ideally with a number and a time frame.",
    example:
      "Half of all bookings made online within 3 months\nNo-show rate below 8%\nFront-desk phone time cut by 2 hours a day",
    minLength: ANSWER_MIN_LENGTH,
    required: true,
    multiline: true,
  },
  {
    field: "techStack",
    label: "Preferred technology stack",
    hint: "Languages, frameworks, hosting or systems it must fit into. Write 'no preference' if you have none.",
    example: "Web app in React with a Node.js backend, hosted on AWS; must integrate with Twilio for SMS.",
    minLength: ANSWER_MIN_LENGTH,
    required: true,
    multiline: true,
  },
  {
    field: "additionalRequirements",
    label: "Anything else we should know? (optional)",
    hint: "Constraints, compliance needs, branding, integrations or deadlines.",
    example: "Patient data must stay in the EU. Use our brand colours (navy and teal).",
    minLength: 0,
    required: false,
    multiline: true,
  },
];

export const REQUIRED_QUESTION_COUNT = REQUIREMENT_QUESTIONS.filter((q) => q.required).length;

export type RequirementAnswers = Record<RequirementField, string>;

export const EMPTY_ANSWERS: RequirementAnswers = {
  projectName: "",
  techStack: "",
  problemStatement: "",
  targetUsers: "",
  currentSolution: "",
  coreFunctionality: "",
  idealWorkflow: "",
  successCriteria: "",
  additionalRequirements: "",
};

function ruleMessage(field: RequirementField): string | null {
  return field === "additionalRequirements" ? null : REQUIREMENT_MESSAGES[field];
}

/** Whether an answer meets its question's rule (used for the progress through the questions). */
export function isAnswered(question: RequirementQuestion, value: string | null | undefined): boolean {
  const length = (value ?? "").trim().length;
  return question.required ? length >= question.minLength : length > 0;
}

export function answeredCount(answers: Partial<RequirementAnswers>): number {
  return REQUIREMENT_QUESTIONS.filter((q) => q.required && isAnswered(q, answers[q.field])).length;
}

/** A Save needs these two answers (REQUIREMENT_MESSAGES' own message when either is missing). */
const SAVE_MINIMUM_FIELDS: readonly RequirementField[] = ["projectName", "problemStatement"];

/** One answer's rule for a Save: within the maximum, and, when given (or required), at least its minimum. */
function saveRule(question: RequirementQuestion) {
  const message = ruleMessage(question.field);
  return z.string().superRefine((raw, context) => {
    const length = raw.trim().length;
    if (question.field === "projectName" && length > PROJECT_NAME_MAX_LENGTH)
      context.addIssue({ code: "custom", message: REQUIREMENT_MESSAGES.projectNameTooLong });
    else if (length > ANSWER_MAX_LENGTH) context.addIssue({ code: "custom", message: REQUIREMENT_MESSAGES.tooLong });
    // A draft needs only the name and the problem: a half-typed other answer is saved as it is (Generate and the
    // progress still ask for each answer's minimum).
    else if (message && length < question.minLength && SAVE_MINIMUM_FIELDS.includes(question.field))
      context.addIssue({ code: "custom", message });
  });
}

/**
 * The questionnaire form (client and server): project name and problem statement are needed (a name of at most
 * PROJECT_NAME_MAX_LENGTH); every other answer may be empty or half-typed, within the maximum.
 */
export const requirementsFormSchema = z.object(
  Object.fromEntries(REQUIREMENT_QUESTIONS.map((question) => [question.field, saveRule(question)])) as Record<
    RequirementField,
    ReturnType<typeof saveRule>
  >,
);

/** The Save rules as field messages (empty when valid); missing answers count as empty. */
export function saveErrors(answers: Partial<RequirementAnswers>): Record<string, string> {
  const result = requirementsFormSchema.safeParse({ ...EMPTY_ANSWERS, ...stripNulls(answers) });
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  for (const question of REQUIREMENT_QUESTIONS) {
    const value = (answers[question.field] ?? "").trim();
    // A one-line answer is a name (the project's): the same filter as every other name.
    if (!question.multiline && !errors[question.field] && hasUnsafeCharacters(value)) {
      errors[question.field] = REQUIREMENT_MESSAGES.invalidCharacters;
    }
  }
  return errors;
}

function stripNulls(answers: Partial<Record<RequirementField, string | null | undefined>>): Partial<RequirementAnswers> {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => typeof value === "string"));
}

/** True when the save is refused because the name or the problem statement is missing (its own message, not the per-field ones). */
export function missesSaveMinimum(answers: Partial<RequirementAnswers>): boolean {
  return SAVE_MINIMUM_FIELDS.some((field) => !(answers[field] ?? "").trim());
}

const CORE_QUESTION = REQUIREMENT_QUESTIONS.find((question) => question.field === "coreFunctionality");

/** Generate AI Brief also needs the core functionality at its minimum length. */
export function missesGenerateMinimum(answers: { coreFunctionality?: string | null }): boolean {
  return (answers.coreFunctionality ?? "").trim().length < (CORE_QUESTION?.minLength ?? 0);
}

const answer = z
  .string()
  .max(ANSWER_MAX_LENGTH + 1000, REQUIREMENT_MESSAGES.tooLong)
  .nullable()
  .optional();

/**
 * POST /api/projects/{id}/requirements: the questionnaire (with requirementsStatus) or the brief fields.
 * State fields (requirementsStatus, briefStatus, approvalStatus) are accepted for compatibility and derived by the server.
 */
export const saveRequirementsBodySchema = z.strictObject({
  projectName: answer,
  techStack: answer,
  problemStatement: answer,
  targetUsers: answer,
  currentSolution: answer,
  coreFunctionality: answer,
  idealWorkflow: answer,
  successCriteria: answer,
  additionalRequirements: answer,
  requirementsStatus: z.string().max(40).nullable().optional(),
  generatedBrief: z.string().max(BRIEF_MAX_LENGTH, REQUIREMENT_MESSAGES.briefTooLong).nullable().optional(),
  briefConfirmed: z.boolean().optional(),
  briefStatus: z.string().max(40).nullable().optional(),
  approvalStatus: z.string().max(40).nullable().optional(),
  approved: z.boolean().optional(),
});
export type SaveRequirementsBody = z.infer<typeof saveRequirementsBodySchema>;

const BRIEF_GENERATORS = ["ai", "builtin"] as const;
export type BriefGeneratorChoice = (typeof BRIEF_GENERATORS)[number];

/** POST /api/projects/{id}/requirements/generate: optionally choose the built-in composer. */
export const generateBriefBodySchema = z
  .strictObject({ generator: z.enum(BRIEF_GENERATORS).optional() })
  .nullable()
  .optional();

export const requirementsSchema = z.object({
  projectId: z.string(),
  projectName: z.string().nullable(),
  techStack: z.string().nullable(),
  problemStatement: z.string().nullable(),
  targetUsers: z.string().nullable(),
  currentSolution: z.string().nullable(),
  coreFunctionality: z.string().nullable(),
  idealWorkflow: z.string().nullable(),
  successCriteria: z.string().nullable(),
  additionalRequirements: z.string().nullable(),
  approved: z.boolean(),
  requirementsStatus: z.string().nullable(),
  generatedBrief: z.string().nullable(),
  /** "builtin" or "ai:<model>": who wrote the current brief. */
  briefGeneratedBy: z.string().nullable(),
  briefConfirmed: z.boolean(),
  briefConfirmedAt: z.string().nullable(),
  briefStatus: z.string().nullable(),
  approvalStatus: z.string().nullable(),
  updatedAt: z.string(),
});
export type Requirements = z.infer<typeof requirementsSchema>;
