// The built-in composer: writes the two-page business brief in Markdown from the questionnaire alone, with no
// AI service. It reorganises the client's own words into a brief a stakeholder can approve: priorities, steps,
// measures, gaps, scope and open questions are derived from the answers, never invented.
import { budgetRangeLabel, timelineLabel } from "../../../../shared/constants/lists";
import { PACKAGES, type PackageType } from "../../../../shared/constants/packages";
import { formatUtcDay } from "../../../../shared/domain/dates";
import { BRIEF_MAX_LENGTH, type RequirementAnswers } from "../../../../shared/schemas/requirements";
import {
  capitalize,
  countWords,
  type Feature,
  firstSentence,
  gapsIn,
  isFirstPerson,
  isQuantified,
  joinWords,
  listItem,
  measurableOutcomes,
  numberWord,
  plain,
  plural,
  practicalQuestions,
  prioritiseFeatures,
  proseCase,
  readTechnology,
  shorten,
  splitItems,
  tidy,
  withFullStop,
} from "./read-answers";

export type BriefInput = {
  answers: { [K in keyof RequirementAnswers]: string | null };
  project: {
    projectCode: string;
    packageType: PackageType;
    userLimit: number;
    maxIterations: number;
    budgetRange: string | null;
    timeline: string | null;
  };
  client: { company: string | null; contactName: string | null; industry: string | null };
  date: Date;
};

const p = (text: string) => plain(text);

function paragraphsOf(text: string | null): string[] {
  return tidy(text)
    .split(/\n{2,}/)
    .map((block) => block.replace(/\n+/g, " ").trim())
    .filter(Boolean);
}

/**
 * User text as Markdown: a list stays a list, prose stays paragraphs. Prose written in the first person
 * ("we lose orders") is quoted as the client's own words rather than passed off as the brief's voice.
 */
function userText(text: string | null, options: { ordered?: boolean } = {}): string[] {
  const items = splitItems(text);
  const lines = tidy(text).split(/\n+/).filter(Boolean);
  if (lines.length >= 2 && items.length >= 2) {
    return [items.map((item, i) => `${options.ordered ? `${i + 1}.` : "-"} ${p(listItem(item))}`).join("\n")];
  }
  const paragraphs = paragraphsOf(text).map((para) => p(withFullStop(capitalize(para))));
  if (!isFirstPerson(text)) return paragraphs;
  return ["In the client's words:", ...paragraphs.map((para) => `> ${para}`)];
}

/** The answers as the brief quotes them: tidied, with sentences capitalised (see proseCase). */
function editedAnswers(answers: BriefInput["answers"]): BriefInput["answers"] {
  const edited = { ...answers };
  for (const field of Object.keys(edited) as (keyof BriefInput["answers"])[]) {
    edited[field] = field === "projectName" ? capitalize(tidy(answers[field])) : proseCase(answers[field]);
  }
  return edited;
}

/** "a technology business", "an education business"; nothing for "other". */
function industryPhrase(industry: string | null): string {
  const name = tidy(industry).replace(/-/g, " ").toLowerCase();
  if (!name || name === "other") return "";
  return `${/^[aeiou]/.test(name) ? "an" : "a"} ${name} business`;
}

function section(counter: { n: number }, title: string, body: string[]): string {
  counter.n += 1;
  return [`## ${counter.n}. ${title}`, ...body].join("\n\n");
}

function featureLine(feature: Feature, index: number): string {
  return `${index + 1}. ${p(feature.text)} — **${feature.priority}**`;
}

/**
 * Each answer may be 5,000 characters and the composer quotes some twice, so long answers could make a brief past
 * the 50,000-character cap (and a slow PDF). The brief is written with the answers as given, then, while it is too
 * long, with each answer cut to a smaller budget (at a word, marked with "…").
 */
const ANSWER_BUDGETS = [2500, 1200, 600, 300];

export function composeBrief(input: BriefInput): string {
  let brief = composeOnce(input);
  for (const budget of ANSWER_BUDGETS) {
    if (brief.length <= BRIEF_MAX_LENGTH) return brief;
    brief = composeOnce({ ...input, answers: clipAnswers(input.answers, budget) });
  }
  return brief.length <= BRIEF_MAX_LENGTH ? brief : cutAtParagraph(brief, BRIEF_MAX_LENGTH);
}

function clipAnswers(answers: BriefInput["answers"], budget: number): BriefInput["answers"] {
  const clipped = { ...answers };
  for (const field of Object.keys(clipped) as (keyof BriefInput["answers"])[]) {
    const value = tidy(clipped[field]);
    if (value.length > budget) {
      const cut = value.slice(0, budget);
      const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), cut.lastIndexOf("\n"), budget / 2));
      clipped[field] = `${atWord.trimEnd()}…`;
    }
  }
  return clipped;
}

/** The last resort: whole paragraphs up to the cap. */
function cutAtParagraph(text: string, max: number): string {
  const cut = text.slice(0, max - 1);
  const end = cut.lastIndexOf("\n\n");
  return `${(end > 0 ? cut.slice(0, end) : cut).trimEnd()}\n`;
}

function composeOnce(input: BriefInput): string {
  const { project, client } = input;
  const answers = editedAnswers(input.answers);
  const pkg = PACKAGES[project.packageType];
  const projectName = tidy(answers.projectName) || project.projectCode;
  const namedClient = tidy(client.company) || tidy(client.contactName);
  const industry = industryPhrase(client.industry);
  const features = prioritiseFeatures(answers.coreFunctionality);
  const critical = features.filter((f) => f.priority === "Critical");
  const important = features.filter((f) => f.priority === "Important");
  const niceToHave = features.filter((f) => f.priority === "Nice to have");
  // Users form a list only when written as one; prose about them stays prose.
  const userGroups = splitItems(answers.targetUsers, { sentences: false });
  const steps = splitItems(answers.idealWorkflow, { steps: true });
  const outcomes = measurableOutcomes(answers.successCriteria);
  const tech = readTechnology(answers.techStack, answers.additionalRequirements, answers.coreFunctionality);
  const gaps = gapsIn(answers.currentSolution);
  const problem = tidy(answers.problemStatement);
  const counter = { n: 0 };
  const out: string[] = [];

  out.push(`# ${p(projectName)}`);
  out.push(
    `*Prototype brief${namedClient ? ` for ${p(namedClient)}` : ""} · ${project.projectCode} · ${formatUtcDay(input.date)} · ${pkg.name} package*`,
  );

  // 1. Executive summary
  const summary: string[] = [];
  const opener = namedClient
    ? `${p(namedClient)}${industry ? `, ${p(industry)},` : ""} is commissioning a working prototype of **${p(projectName)}**.`
    : `This brief describes a working prototype of **${p(projectName)}**.`;
  const problemLead = firstSentence(problem);
  summary.push(
    problemLead
      ? `${opener} The problem it addresses, in the client's words: “${p(withFullStop(capitalize(problemLead)))}”`
      : opener,
  );
  const scopeLine: string[] = [];
  if (features.length > 0) {
    scopeLine.push(
      `demonstrates ${plural({ count: features.length, one: "core capability", many: "core capabilities" })}${critical.length && critical.length < features.length ? ` (${numberWord(critical.length)} critical to the first demo)` : ""}`,
    );
  }
  if (userGroups.length > 1) scopeLine.push(`serves ${numberWord(userGroups.length)} groups of users`);
  else if (userGroups.length === 1) scopeLine.push("serves the users described in section 3");
  if (steps.length > 1) scopeLine.push(`follows a ${numberWord(steps.length)}-step workflow end to end`);
  if (scopeLine.length) summary.push(`The prototype ${joinWords(scopeLine)}.`);
  const measured = outcomes.filter((o) => o.quantified).length;
  if (outcomes.length) {
    const firstOutcome = p(withFullStop(outcomes[0]?.text ?? ""));
    summary.push(
      outcomes.length === 1
        ? `Success is judged by a single outcome: ${firstOutcome}`
        : `Success is judged against ${plural({ count: outcomes.length, one: "outcome", many: "outcomes" })}${measured ? ` (${numberWord(measured)} with a stated target)` : ""}, starting with: ${firstOutcome}`,
    );
  }
  const glance = [
    ...(namedClient ? [`- **Client:** ${p(namedClient)}`] : []),
    `- **Project code:** ${project.projectCode}`,
    `- **Package:** ${pkg.name} — prototype in ${pkg.deliveryHours} hours, ${project.maxIterations} iteration rounds, ${project.userLimit} testers`,
  ];
  if (project.budgetRange || project.timeline) {
    glance.push(
      `- **Budget and timeline:** ${[project.budgetRange && `budget ${p(budgetRangeLabel(project.budgetRange))}`, project.timeline && `overall timeline ${p(timelineLabel(project.timeline))}`].filter(Boolean).join(", ")}`,
    );
  }
  out.push(section(counter, "Executive summary", [summary.join(" "), glance.join("\n")]));

  // 2. Problem
  const problemBody = problem ? userText(problem) : ["The problem statement has not been written yet."];
  if (problem && isQuantified(problem)) {
    problemBody.push(
      "The figures above are the baseline: the prototype and the success criteria below are measured against them.",
    );
  } else if (problem) {
    problemBody.push(
      "No figures are given yet for what the problem costs today; putting a number on it (hours, money or missed customers) at kickoff will make the business case for the full build.",
    );
  }
  out.push(section(counter, "The problem", problemBody));

  // 3. Target users
  let usersBody: string[];
  if (userGroups.length > 1) {
    usersBody = [
      `The prototype serves ${numberWord(userGroups.length)} groups of users. Each group gets a path through the prototype that testers from that group can try:`,
      userGroups.map((group) => `- ${p(listItem(group))}`).join("\n"),
    ];
  } else if (userGroups.length === 1) {
    const only = userGroups[0] ?? "";
    usersBody =
      countWords(only) <= 8
        ? [
            `**Primary users:** ${p(withFullStop(capitalize(only)))}`,
            "Describing them in more detail at kickoff (their roles, how many there are, the devices they use) will sharpen the prototype.",
          ]
        : [
            ...userText(answers.targetUsers),
            "Every kind of user named here should be among the testers in each iteration round, so the prototype is judged by the people who will use it.",
          ];
  } else {
    usersBody = ["The target users have not been described yet; they are the first open question below."];
  }
  out.push(section(counter, "Target users", usersBody));

  // 4. Current solution and its gaps
  const currentBody: string[] = [];
  if (tidy(answers.currentSolution)) {
    currentBody.push(...userText(answers.currentSolution));
    if (gaps.length) {
      currentBody.push("Where it falls short:");
      currentBody.push(gaps.map((gap) => `- ${gap}`).join("\n"));
    } else {
      currentBody.push(
        "The current approach leaves the problem in section 2 unsolved; the prototype tests whether a dedicated tool closes that gap.",
      );
    }
  } else {
    currentBody.push("How this is handled today has not been described yet; it is listed under the open questions.");
  }
  out.push(section(counter, "Current solution and its gaps", currentBody));

  // 5. Core functionality
  const featureBody: string[] = [];
  if (features.length) {
    featureBody.push(
      "In priority order: **Critical** features are in the first demo, **Important** ones follow in the iteration rounds, and **Nice to have** ones are built if time allows.",
    );
    featureBody.push([...critical, ...important, ...niceToHave].map(featureLine).join("\n"));
  } else {
    featureBody.push("The core functionality has not been described yet.");
  }
  out.push(section(counter, "Core functionality", featureBody));

  // 6. Ideal workflow
  const workflowBody: string[] = [];
  if (steps.length > 1) {
    workflowBody.push(
      "The journey the prototype must make possible, from the first action to the result; testers walk through it in every iteration round:",
    );
    workflowBody.push(steps.map((step, i) => `${i + 1}. ${p(listItem(step))}`).join("\n"));
  } else if (steps.length === 1) {
    workflowBody.push(...userText(answers.idealWorkflow));
    workflowBody.push("This journey is broken down into individual screens at kickoff.");
  } else {
    workflowBody.push("The ideal workflow has not been described yet; it is settled at kickoff.");
  }
  out.push(section(counter, "Ideal workflow", workflowBody));

  // 7. Success criteria
  const outcomeBody: string[] = [];
  if (outcomes.length) {
    outcomeBody.push(outcomes.map((o, i) => `${i + 1}. ${p(o.text)} — *measure:* ${o.measure}.`).join("\n"));
  } else {
    outcomeBody.push("Success criteria have not been set yet; they are agreed at kickoff.");
  }
  out.push(section(counter, "Success criteria", outcomeBody));

  // 8. Technical notes
  const techNotes: string[] = [];
  const stack = tidy(answers.techStack);
  if (stack) techNotes.push(`- **Stated preference:** ${p(withFullStop(capitalize(shorten(stack.replace(/\n+/g, "; "), 60))))}`);
  if (tech.noPreference || (!stack && !tech.platforms.length)) {
    techNotes.push(
      `- **Stack:** ${stack ? "no fixed preference" : "not specified yet"}, so the prototype uses a mainstream web stack (React with a Node.js API) that any development team can take over.`,
    );
  } else if (tech.platforms.length) {
    techNotes.push(`- **Stack:** the prototype is built with ${joinWords(tech.platforms)}, as requested.`);
  }
  if (tech.mobile) {
    techNotes.push(
      "- **Mobile:** the prototype is a responsive web app that testers open on their phones; store releases belong to the full build.",
    );
  }
  if (tech.services.length) {
    techNotes.push(
      `- **Integrations:** ${joinWords(tech.services)} ${tech.services.length === 1 ? "is" : "are"} simulated with realistic sample data unless test credentials are provided.`,
    );
  }
  if (tech.compliance.length) {
    techNotes.push(
      `- **Compliance:** ${joinWords(tech.compliance)} ${tech.compliance.length === 1 ? "applies" : "apply"} to the production system; the prototype holds sample data only.`,
    );
  }
  techNotes.push(
    "- **Data:** the prototype runs on sample data shaped like the client's real records; no production data is needed.",
  );
  const additional = tidy(answers.additionalRequirements);
  const shortAdditional = additional && countWords(additional) <= 60 && !additional.includes("\n");
  if (shortAdditional) {
    techNotes.push(
      `- **Additional requirements:** ${p(withFullStop(capitalize(additional)))} These are honoured wherever they shape what testers see.`,
    );
  }
  out.push(section(counter, "Technical notes", [techNotes.join("\n")]));

  // Additional requirements: their own section when they are long
  if (additional && !shortAdditional) {
    out.push(
      section(counter, "Additional requirements", [
        ...userText(answers.additionalRequirements),
        "These are honoured in the prototype where they shape what testers see, and recorded for the full build otherwise.",
      ]),
    );
  }

  // Scope of the prototype
  const inScope = [...critical, ...important];
  const scopeBody = [
    `**Package:** ${pkg.name}. Blueprint delivers a working, hosted prototype within **${pkg.deliveryHours} hours** of kickoff, then **${project.maxIterations} iteration rounds** of changes based on the team's feedback. Up to **${project.userLimit} team members** can log in to test it, for ${pkg.accessMonths} months.`,
  ];
  const scopeList: string[] = [];
  const inScopeParts = [
    inScope.length
      ? `the ${plural({ count: inScope.length, one: "feature", many: "features" })} marked Critical or Important above`
      : null,
    steps.length > 1 ? "the workflow in section 6, clickable end to end" : null,
  ].filter((part): part is string => Boolean(part));
  if (inScopeParts.length) scopeList.push(`- **In scope:** ${joinWords(inScopeParts)}`);
  if (niceToHave.length) {
    scopeList.push(
      `- **If time allows:** ${joinWords(
        niceToHave.map((f) => p(f.text)),
        "and",
      )}`,
    );
  }
  scopeList.push(
    "- **Out of scope for the prototype:** production hosting and scaling, security hardening, live data migration and app-store releases; these belong to the full build.",
  );
  scopeBody.push(scopeList.join("\n"));
  out.push(section(counter, "Scope of the prototype", scopeBody));

  // Assumptions and open questions
  const assumptions = [
    "- The client names the testers and makes them available during each iteration round.",
    "- Feedback from all testers is collected in the portal and consolidated once per round.",
  ];
  if (userGroups.length > 1)
    assumptions.push(`- All ${numberWord(userGroups.length)} user groups are represented among the testers.`);
  const questions: string[] = [];
  if (!tidy(answers.targetUsers)) questions.push("Who are the first users, and how many of them will test the prototype?");
  if (!tidy(answers.currentSolution)) questions.push("How is this handled today, and what does it cost in time or money?");
  if (!tidy(answers.idealWorkflow)) questions.push("What does one typical journey look like, step by step?");
  if (!tidy(answers.successCriteria)) questions.push("How will the client decide the prototype is a success?");
  if (!stack) questions.push("Must the solution fit an existing technology stack or vendor?");
  for (const outcome of outcomes.filter((o) => !o.quantified).slice(0, 2)) {
    questions.push(`What target value would show that “${p(shorten(outcome.text, 10))}” has been achieved?`);
  }
  if (tech.services.length) {
    questions.push(
      `Can test accounts be provided for ${joinWords(tech.services)}, or should ${tech.services.length === 1 ? "it" : "they"} stay simulated?`,
    );
  }
  questions.push(
    ...practicalQuestions({ features, tech, texts: [answers.idealWorkflow, answers.additionalRequirements] }).map(p),
  );
  if (features.length > 8) {
    questions.push(`With ${features.length} features requested, which five matter most for the first demo?`);
  }
  if (tech.compliance.length) questions.push(`Who signs off the ${joinWords(tech.compliance)} requirements for the full build?`);
  const openQuestions = questions.slice(0, 5);
  out.push(
    section(counter, "Assumptions and open questions", [
      "**Assumptions**",
      assumptions.join("\n"),
      "**Open questions**",
      openQuestions.length
        ? openQuestions.map((q) => `- ${q}`).join("\n")
        : "- None at this stage; anything new is settled in the kickoff meeting.",
    ]),
  );

  // Next steps
  out.push(
    section(counter, "Next steps", [
      [
        "1. Review this brief with your stakeholders and confirm it in the portal (Confirm Brief).",
        `2. Kickoff call with the Blueprint team${openQuestions.length ? " to settle the open questions" : ""}.`,
        `3. Blueprint builds the working prototype within ${pkg.deliveryHours} hours; up to ${project.userLimit} team members test it and send feedback through the portal.`,
        `4. ${capitalize(numberWord(project.maxIterations))} iteration rounds, then final approval and hand-over to your development team.`,
      ].join("\n"),
    ]),
  );

  return `${out.join("\n\n")}\n`;
}
