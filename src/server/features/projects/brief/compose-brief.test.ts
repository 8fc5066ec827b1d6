import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { GOOD_ANSWERS } from "../../../../../tests/factories";
import { BRIEF_MAX_LENGTH } from "../../../../shared/schemas/requirements";
import { parseMarkdown, spansToText, wordCount } from "../../../../shared/text/markdown";
import { type BriefInput, composeBrief } from "./compose-brief";
import { gapsIn, measurableOutcomes, prioritiseFeatures, proseCase, readTechnology, splitItems } from "./read-answers";
import { BRIEF_TARGET_PAGES, renderBriefPdf } from "./render-brief-pdf";

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

  it("names budget and timeline by their labels, and leaves them out when the customer chose none", () => {
    expect(brief).toContain("- **Budget and timeline:** budget $5,000 - $10,000, overall timeline 4-6 weeks");
    expect(brief).not.toContain("5k-10k");
    const unset = composeBrief({
      answers: GOOD_ANSWERS,
      project: { ...project, budgetRange: null, timeline: null },
      client,
      date,
    });
    expect(unset).not.toMatch(/budget|timeline/i);
  });

  it("reads the technology and the compliance needs from the answers", () => {
    expect(brief).toContain("built with React, Node.js and AWS");
    expect(brief).toContain("Twilio is simulated");
    expect(brief).toContain("GDPR and EU data residency apply");
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

describe("the built-in composer on honest but unusual answers", () => {
  // Typed on a phone by a one-person business: lower case, one paragraph per answer, first person.
  const casual = composeBrief({
    answers: {
      projectName: "cake orders",
      techStack: "no idea honestly, whatever you think is best. it has to work on my phone",
      problemStatement:
        "i run a small home bakery and people order custom cakes through instagram DMs and whatsapp. i keep losing track of who wants what and when, last month i forgot a birthday cake and had to refund. i also never know how much to charge for the fancy ones",
      targetUsers: "me mostly. and my sister who helps on weekends. customers would also use it to place orders i guess",
      currentSolution: "a paper notebook and screenshots of chats on my phone. deposits come by bank transfer",
      coreFunctionality:
        "customers fill in a form with date, size, flavour, design photo. i see all orders on a calendar. price calculator based on size and decoration. deposit tracking. reminders for me two days before pickup",
      idealWorkflow: "customer sends order form, i get a notification, i confirm price, they pay deposit, i bake, they pick up",
      successCriteria: "no more forgotten orders. less time in DMs. customers think it looks professional",
      additionalRequirements: "",
    },
    project,
    client: { company: null, contactName: "Rosa Baker", industry: "other" },
    date,
  });

  it("starts sentences with capitals and writes 'I', without rewording anything", () => {
    expect(casual).toMatch(/^# Cake orders$/m);
    expect(casual).toContain("I keep losing track of who wants what and when, last month I forgot a birthday cake");
    expect(casual).toContain("Customers would also use it to place orders I guess.");
    expect(casual).not.toMatch(/\. [a-z]/);
  });

  it("quotes first-person prose as the client's words and keeps prose about users as prose", () => {
    expect(casual).toContain("In the client's words:\n\n> I run a small home bakery");
    expect(casual).not.toContain("groups of users");
    expect(casual).not.toContain("- Me mostly");
  });

  it("splits features and success criteria written as lower-case sentences", () => {
    expect(casual).toContain("demonstrates five core capabilities");
    expect(casual).toContain("3. Price calculator based on size and decoration — **Critical**");
    expect(casual).toContain("5. Reminders for me two days before pickup — **Important**");
    expect(casual).toContain("1. No more forgotten orders — *measure:* the stated target");
    expect(casual).toContain("3. Customers think it looks professional — *measure:* testers' and customers' rating");
  });

  it("notices the phone, and asks what the answers leave open: payments, notifications, pricing rules", () => {
    expect(casual).toContain("- **Mobile:**");
    expect(casual).toContain("Should payments be taken online in the prototype");
    expect(casual).toContain("Which channel should reminders and notifications use");
    expect(casual).toContain("Which rules and figures should “Price calculator based on size and decoration” use?");
    expect(casual).toContain("Rosa Baker is commissioning");
    expect(casual).not.toMatch(/a other|undefined|null/);
  });

  // A regulated lab: one-line numbered features, a Microsoft stack, an accreditation standard, offline use.
  const lab = composeBrief({
    answers: {
      projectName: "Sample chain-of-custody tracker",
      techStack: "Must run on our existing Microsoft stack: .NET, SQL Server, Azure AD for sign-in.",
      problemStatement:
        "Custody of soil and water samples is recorded on paper forms. Auditors found 14 samples last year with gaps in their custody record.",
      targetUsers: "- Field technicians\n- Couriers\n- Lab reception staff\n- QA manager",
      currentSolution:
        "Paper forms travel with the cooler box and are scanned into SharePoint. Nothing links the scan to the LIMS record, so finding a form for an auditor can take half a day.",
      coreFunctionality:
        "1) scan a sample barcode at every hand-over 2) both parties confirm with a PIN 3) temperature reading at reception 4) audit report per sample as PDF 5) push custody status into LabWare (phase 2)",
      idealWorkflow:
        "Technician scans the sample -> courier scans on pickup -> reception scans on arrival -> QA pulls the report",
      successCriteria: "Zero custody gaps in the next audit. Field teams say it is no slower than the paper form.",
      additionalRequirements: "ISO 17025 accreditation applies. Works offline in the field. Data must stay in the EU.",
    },
    project,
    client: { company: "Terra Analytica GmbH", contactName: "Jonas Weber", industry: "education" },
    date,
  });

  it("splits features numbered on one line and keeps only the phase-2 one optional", () => {
    expect(lab).toContain("1. Scan a sample barcode at every hand-over — **Critical**");
    expect(lab).toContain("Push custody status into LabWare — **Nice to have**");
    expect(lab).toContain("- **In scope:** the four features marked Critical or Important above");
  });

  it("reads the gaps and targets as written, not by keyword alone", () => {
    expect(lab).not.toContain("There is no dedicated tool for this today.");
    expect(lab).toContain("The tools in use do not work together");
    expect(lab).toContain("The process is slow for the people who depend on it.");
    expect(lab).toContain("Field teams say it is no slower than the paper form — *measure:* the stated target");
    expect(lab).toContain("Terra Analytica GmbH, an education business, is commissioning");
  });

  it("fits each brief on two PDF pages", async () => {
    const clinic = composeBrief({ answers: GOOD_ANSWERS, project, client, date });
    for (const markdown of [casual, lab, clinic]) {
      const bytes = await renderBriefPdf({
        markdown,
        projectCode: project.projectCode,
        clientName: null,
        title: "Brief",
        confirmedAt: null,
        writtenBy: "builtin",
        updatedAt: date,
      });
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(BRIEF_TARGET_PAGES);
    }
  });

  it("names the stack, the standards and the open questions they raise", () => {
    expect(lab).toContain("built with .NET, SQL Server and Azure, as requested");
    expect(lab).toContain("ISO 17025 and EU data residency apply");
    expect(lab).toContain("Which existing systems must the prototype exchange data with");
    expect(lab).toContain("Which steps must work offline");
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
    ["inline numbering", "1) Login 2) Reports 3) Export", ["Login", "Reports", "Export"]],
    [
      "sentences, not at an abbreviation",
      "Import files, e.g. Excel sheets. Export a PDF.",
      ["Import files, e.g. Excel sheets.", "Export a PDF."],
    ],
  ])("splits %s into items", (_name, text, items) => {
    expect(splitItems(text)).toEqual(items);
  });

  it("copy-edits casual answers lightly: capitals at sentence starts and 'I', names like iOS untouched", () => {
    expect(proseCase("works on android. iOS later, e.g. ipads. i'm sure i.e. fine")).toBe(
      "Works on android. iOS later, e.g. ipads. I'm sure i.e. fine",
    );
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

describe("core functionality written as one list", () => {
  it.each([
    [
      "five comma-separated clauses",
      "carriers book a dock slot online, dispatchers see a calendar per dock, sms reminders, check in at the gate with a qr code, report on detention time",
      [
        ["Carriers book a dock slot online", "Critical"],
        ["Dispatchers see a calendar per dock", "Critical"],
        ["Sms reminders", "Critical"],
        ["Check in at the gate with a qr code", "Important"],
        ["Report on detention time", "Important"],
      ],
    ],
    ["a short list ending in and", "login, reports and export", [["Login"], ["Reports"], ["Export"]]],
    [
      "semicolons",
      "book a slot; move a booking; cancel with a reason",
      [["Book a slot"], ["Move a booking"], ["Cancel with a reason"]],
    ],
    [
      "clauses joined only by and",
      "patients book online and get sms reminders and managers see weekly reports",
      [["Patients book online"], ["Get sms reminders"], ["Managers see weekly reports"]],
    ],
    ["one feature with an and inside", "search and filter products", [["Search and filter products"]]],
    [
      "an optional item stays nice to have",
      "online booking, sms reminders, a loyalty scheme (optional)",
      [
        ["Online booking", "Critical"],
        ["Sms reminders", "Critical"],
        ["A loyalty scheme", "Nice to have"],
      ],
    ],
    [
      "a long sentence with commas stays one feature",
      "when a carrier arrives at the gate without a booking the guard, who usually has no computer at hand, must still be able to let them in quickly",
      [
        [
          "When a carrier arrives at the gate without a booking the guard, who usually has no computer at hand, must still be able to let them in quickly",
        ],
      ],
    ],
  ])("%s", (_name, text, expected) => {
    const features = prioritiseFeatures(text);
    expect(features.map((f) => f.text)).toEqual(expected.map(([featureText]) => featureText));
    for (const [index, [, priority]] of expected.entries()) {
      if (priority) expect(features[index]?.priority).toBe(priority);
    }
  });

  it("lists the five features in the brief", () => {
    const brief = composeBrief({
      answers: {
        ...GOOD_ANSWERS,
        coreFunctionality:
          "carriers book a dock slot online, dispatchers see a calendar per dock, sms reminders, check in at the gate with a qr code, report on detention time",
      },
      project,
      client,
      date,
    });
    const section = brief.split("## 5. Core functionality")[1]?.split("## 6.")[0] ?? "";
    expect(section.match(/^\d\. /gm)).toHaveLength(5);
  });
});

describe("devices are not a technology stack", () => {
  it.each([
    ["works on cheap android phones", [], true],
    ["must run on older iPhones and Android phones", [], true],
    ["iPhone users and Android users", [], true],
    ["a native Android app in Kotlin", ["Android"], true],
    ["Android and iOS", ["iOS", "Android"], true],
    ["React Native app for iOS", ["React Native", "iOS"], true],
  ])("%s", (text, platforms, mobile) => {
    const reading = readTechnology(text);
    expect(reading.platforms).toEqual(platforms);
    expect(reading.mobile).toBe(mobile);
  });

  it("writes no Android stack into the brief for users' phones", () => {
    const brief = composeBrief({
      answers: { ...GOOD_ANSWERS, techStack: null, additionalRequirements: "Works on cheap android phones." },
      project,
      client,
      date,
    });
    expect(brief).not.toContain("built with Android");
    expect(brief).toContain("responsive web app");
  });
});

describe("the 50,000-character cap", () => {
  const long = (seed: string) => `${seed} `.repeat(Math.ceil(5000 / (seed.length + 1))).slice(0, 5000);
  const answers = {
    projectName: long("Dock").slice(0, 200),
    techStack: long("React"),
    problemStatement: long("We lose hours every day because carriers arrive without a slot."),
    targetUsers: long("carriers, dispatchers, gate staff"),
    currentSolution: long("Phone calls and a spreadsheet, which is slow and error prone."),
    coreFunctionality: long("book a slot, see the calendar, get sms reminders"),
    idealWorkflow: long("Carrier books, then arrives, then checks in, then unloads."),
    successCriteria: long("Fewer than 5% of trucks wait more than an hour."),
    additionalRequirements: long("Data stays in the EU and works offline at the gate."),
  };

  it("keeps a brief from nine 5,000-character answers under the cap", () => {
    const brief = composeBrief({ answers, project, client, date });
    expect(brief.length).toBeLessThanOrEqual(BRIEF_MAX_LENGTH);
    expect(headings(brief)).toContain("5. Core functionality");
  });

  it("reads hostile answers (long runs of spaces, dots and no-break spaces) as text", () => {
    const hostile = {
      ...answers,
      problemStatement: `a${".".repeat(4998)}b`,
      currentSolution: `x${"\u00a0".repeat(4998)}y`,
      coreFunctionality: `${"1) ".repeat(1600)}end`,
    };
    const brief = composeBrief({ answers: hostile, project, client, date });
    expect(brief.length).toBeLessThanOrEqual(BRIEF_MAX_LENGTH);
    expect(brief).toContain("X y.");
  });
});
