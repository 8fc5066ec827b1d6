import { describe, expect, it } from "vitest";
import { GOOD_ANSWERS } from "../../../../../tests/factories/projects";
import { parseMarkdown, spansToText, wordCount } from "../../../../shared/text/markdown";
import { type BriefInput, composeBrief } from "./compose-brief";
import { gapsIn, measurableOutcomes, prioritiseFeatures, readTechnology, splitItems } from "./read-answers";

const project: BriefInput["project"] = {
  projectCode: "PRJ-2026-0007",
  packageType: "basic",
  userLimit: 5,
  maxIterations: 3,
  budgetRange: "5k-10k",
  timeline: "4-6 weeks",
};
const client = { company: "Northside Clinics", contactName: "Dana Wells", industry: "healthcare" };
const date = new Date("2026-03-02T10:00:00Z");
const empty = {
  projectName: null,
  techStack: null,
  problemStatement: null,
  targetUsers: null,
  currentSolution: null,
  coreFunctionality: null,
  idealWorkflow: null,
  successCriteria: null,
  additionalRequirements: null,
};

function headings(markdown: string): string[] {
  return parseMarkdown(markdown).flatMap((b) => (b.type === "heading" ? [spansToText(b.spans)] : []));
}

describe("the built-in composer", () => {
  const brief = composeBrief({ answers: GOOD_ANSWERS, project, client, date });

  it("writes every section of a business brief, in order", () => {
    expect(headings(brief)).toEqual([
      "ClinicFlow appointment booking",
      "1. Executive summary",
      "2. The problem",
      "3. Target users",
      "4. Current solution and its gaps",
      "5. Core functionality",
      "6. Ideal workflow",
      "7. Success criteria",
      "8. Technical notes",
      "9. Scope of the prototype",
      "10. Assumptions and open questions",
      "11. Next steps",
    ]);
  });

  it("is about two pages long", () => {
    const words = wordCount(brief);
    expect(words).toBeGreaterThan(550);
    expect(words).toBeLessThan(1300);
  });

  it("lists features with priorities, the optional one last as nice to have", () => {
    expect(brief).toContain("1. Patients see free slots and book online — **Critical**");
    expect(brief).toMatch(/4\. Monthly no-show report — \*\*Nice to have\*\*/);
  });

  it("turns a one-sentence workflow into numbered steps", () => {
    expect(brief).toContain(
      "1. Patient opens the booking link\n2. Picks a doctor and a free slot\n3. Confirms with name and phone\n4. Gets a reminder",
    );
  });

  it("gives each success criterion a measure and asks for a target where none is stated", () => {
    expect(brief).toContain("No-show rate below 8% — *measure:* the stated target");
    expect(brief).toContain("What target value would show that “Receptionists find the day view easier” has been achieved?");
  });

  it("states the package's scope: delivery hours, iterations and testers", () => {
    expect(brief).toContain("within **48 hours** of kickoff, then **3 iteration rounds**");
    expect(brief).toContain("Up to **5 team members**");
  });

  it("reads the technology and the compliance needs from the answers", () => {
    expect(brief).toContain("built with React, Node.js and AWS");
    expect(brief).toContain("Twilio is simulated");
    expect(brief).toContain("GDPR applies");
  });

  it("writes a readable brief from thin answers, naming what is missing as open questions", () => {
    const thin = composeBrief({
      answers: {
        ...empty,
        projectName: "Shop app",
        problemStatement: "we want to sell online",
        coreFunctionality: "product list, cart, checkout",
      },
      project,
      client: { company: null, contactName: null, industry: null },
      date,
    });
    expect(thin).toContain("This brief describes a working prototype of **Shop app**.");
    expect(thin).toContain("“We want to sell online.”");
    expect(thin).toContain("1. Product list — **Critical**");
    expect(thin).toContain("- Who are the first users, and how many of them will test the prototype?");
    expect(thin).toContain("- How will the client decide the prototype is a success?");
    expect(thin).not.toMatch(/undefined|null|NaN|\[object/);
    expect(headings(thin)).toHaveLength(12);
  });

  it("shows user text as written, never as Markdown formatting", () => {
    const tricky = composeBrief({
      answers: {
        ...GOOD_ANSWERS,
        projectName: "**Bold** # name",
        coreFunctionality: "Export to *.csv files\nShow [links](javascript:alert(1))",
      },
      project,
      client,
      date,
    });
    const title = parseMarkdown(tricky)[0];
    expect(title?.type === "heading" && spansToText(title.spans)).toBe("**Bold** # name");
    expect(tricky).toContain("Export to \\*.csv files");
    expect(tricky).toContain("Show \\[links\\](javascript:alert(1))");
  });
});

describe("reading answers", () => {
  it.each([
    ["one per line", "Login\nDashboard\nReports", ["Login", "Dashboard", "Reports"]],
    ["bullets and numbers", "- Login\n2) Dashboard\n• Reports", ["Login", "Dashboard", "Reports"]],
    ["semicolons", "Login; dashboard; reports", ["Login", "dashboard", "reports"]],
    [
      "sentences",
      "Users log in. They see a dashboard. They export reports.",
      ["Users log in.", "They see a dashboard.", "They export reports."],
    ],
    ["a short comma list", "login, dashboard, reports and export", ["login", "dashboard", "reports", "export"]],
    ["a single sentence", "A booking page for patients, with reminders.", ["A booking page for patients, with reminders."]],
    ["a heading line", "Features:\n- Login\n- Reports", ["Login", "Reports"]],
  ])("splits %s into items", (_name, text, items) => {
    expect(splitItems(text)).toEqual(items);
  });

  it("marks optional features nice to have and explicit musts critical", () => {
    expect(prioritiseFeatures("Reports\nLogin\nExport (optional)\nSSO is a must\nDark mode later on")).toEqual([
      { text: "Reports", priority: "Critical" },
      { text: "Login", priority: "Critical" },
      { text: "Export", priority: "Nice to have" },
      { text: "SSO is a must", priority: "Critical" },
      { text: "Dark mode later on", priority: "Nice to have" },
    ]);
  });

  it("keeps stated targets and proposes a measure for the rest", () => {
    const [stated, vague] = measurableOutcomes("Cut booking time by 50%\nCustomers are happier");
    expect(stated).toMatchObject({ quantified: true });
    expect(vague).toMatchObject({ quantified: false });
    expect(vague?.measure).toContain("ease-of-use rating");
  });

  it("finds the gaps in today's way of working", () => {
    expect(gapsIn("We track orders in Excel and confirm them by email")).toHaveLength(2);
    expect(gapsIn("It works fine")).toEqual([]);
  });

  it("recognises technologies, integrations, compliance and 'no preference'", () => {
    expect(readTechnology("Next.js on Vercel with Stripe; HIPAA")).toMatchObject({
      platforms: ["Next.js", "Vercel"],
      services: ["Stripe"],
      compliance: ["HIPAA"],
      noPreference: false,
    });
    expect(readTechnology("No preference, up to you").noPreference).toBe(true);
    expect(readTechnology("A mobile app for Android").mobile).toBe(true);
  });
});
