// Reads free-text questionnaire answers the way an analyst would: lists out of prose, priorities out of wording,
// measures out of goals. Pure functions; the built-in composer is written on top of them.
// Every pattern here runs on user text (each answer at most 5,000 characters): each is linear, i.e. no two
// quantifiers can match the same characters, and patterns anchored at the end run on a short tail, never the whole
// text (see docs/decisions/0011-regex-audit.md).

const BULLET_PREFIX = /^\s*(?:[-*+•▪◦–—]|\(?\d{1,2}[.):]|\(?[a-zA-Z][.)](?=\s))\s*/;

/** Collapses runs of spaces and tidies a fragment of user text. */
export function tidy(text: string | null | undefined): string {
  return (
    (text ?? "")
      .replace(/\r\n?/g, "\n")
      // Every run of horizontal white space (tabs, no-break and wide spaces too) becomes one space.
      .replace(/[^\S\n]+/g, " ")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/** Escapes characters that Markdown would read as formatting, so user text is shown as written. */
export function plain(text: string): string {
  return text.replace(/([\\`*_[\]#|<>])/g, "\\$1").replace(/^(\d+)\. /, "$1\\. ");
}

/** Words that end in a full stop without ending the sentence. */
const ABBREVIATION_BEFORE = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|approx|incl|esp|dept|ca|cf|Dr|Mr|Mrs|Ms|St|No)\.\s*$/i;

/**
 * Light copy-editing of answers typed casually: each sentence starts with a capital and a lone "i" is "I".
 * Words are never changed otherwise, and names written in camel case (iOS, eBay) are left alone.
 */
export function proseCase(text: string | null | undefined): string {
  const source = tidy(text).replace(/(^|[\s(“"‘])i(?=$|[\s,;:!?)”"’]|\.(?!\w)|['’](?:m|ve|ll|d)\b)/g, "$1I");
  return source.replace(/(^|[.!?]\s+)([a-z])(?![A-Z])/g, (match, lead: string, letter: string, offset: number) =>
    // Only the last 16 characters can hold the abbreviation: testing the whole prefix made this quadratic.
    lead && ABBREVIATION_BEFORE.test(source.slice(Math.max(0, offset - 15), offset + 1))
      ? match
      : `${lead}${letter.toUpperCase()}`,
  );
}

/** Whether the client wrote in the first person ("we lose orders", "my team"): such prose is quoted as theirs. */
export function isFirstPerson(text: string | null | undefined): boolean {
  return /\b(?:I|I'm|I've|[Mm]e|[Mm]y|[Ww]e|[Ww]e're|[Oo]ur|[Uu]s)\b/.test(tidy(text));
}

export function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

export function withFullStop(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  return /[.!?…)"”']$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Trailing . ; , : removed (a loop: /[.;,:]+$/ retries from every dot of a long run of dots). */
function withoutFullStop(text: string): string {
  const trimmed = text.trim();
  let end = trimmed.length;
  while (end > 0 && ".;,:".includes(trimmed.charAt(end - 1))) end--;
  return trimmed.slice(0, end);
}

/** A list item: capitalised, without a trailing full stop unless it holds several sentences. */
export function listItem(text: string): string {
  const trimmed = capitalize(text.trim());
  return /[.!?]\s+\S/.test(trimmed) ? withFullStop(trimmed) : withoutFullStop(trimmed);
}

export function sentences(text: string): string[] {
  return tidy(text)
    .replace(/\n+/g, " ")
    .split(/(?<=[.!?])(?<!(?:^|[\s(])(?:e\.g|i\.e|etc|vs|approx|incl|esp|dept|ca|cf|Dr|Mr|Mrs|Ms|St|No)\.)\s+(?=["“(]?[A-Z0-9])/i)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function firstSentence(text: string): string {
  return sentences(text)[0] ?? "";
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * Splits an answer into items: one per line or bullet when it is a list; otherwise by semicolons,
 * inline numbering, sentences or (for a short comma list such as "login, reports and export") commas.
 */
export function splitItems(
  text: string | null | undefined,
  options: { steps?: boolean; sentences?: boolean; features?: boolean } = {},
): string[] {
  const source = tidy(text);
  if (!source) return [];
  const rawLines = source
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line && !/:$/.test(line));
  const lines = source
    .split(/\n+/)
    .map((line) => line.replace(BULLET_PREFIX, "").trim())
    .filter(Boolean);
  const content = lines.filter((line) => !/:$/.test(line));
  if (content.length >= 2) return content;
  const single = content[0] ?? lines[0] ?? "";

  // "1) scan 2) confirm 3) report" on one line (its leading "1)" is not a bullet of its own).
  const raw = rawLines[0] ?? single;
  if (/^\(?1[.)]\s/.test(raw) && /\s\(?2[.)]\s/.test(raw)) {
    const numbered = raw.split(/(?:^|\s+)\(?\d{1,2}[.)]\s+/).filter((part) => part.trim());
    if (numbered.length >= 2) return numbered.map((part) => withoutFullStop(part.trim()));
  }
  const numbered = single.split(/\s*(?:^|\s)\(?\d{1,2}[.)]\s+/).filter((part) => part.trim());
  if (numbered.length >= 2 && /\b1[.)]\s/.test(single)) return numbered.map((p) => withoutFullStop(p.trim()));

  const bySemicolon = single.split(/\s*;\s*/).filter(Boolean);
  if (bySemicolon.length >= 2) return bySemicolon;

  if (options.steps) {
    const byArrow = single.split(/\s*(?:->|→|=>|>)\s*|,?\s+(?:and )?then\s+/i).filter((part) => part.trim());
    const byComma = byArrow.flatMap((part) => {
      const pieces = part.split(/\s*,\s*(?:and\s+)?/).filter(Boolean);
      return pieces.length >= 2 && pieces.every((piece) => countWords(piece) >= 2 && countWords(piece) <= 14) ? pieces : [part];
    });
    if (byComma.length >= 3 || byArrow.length >= 2) return byComma.map((p) => withoutFullStop(p));
  }

  const bySentence = options.sentences === false ? [] : sentences(single);
  if (bySentence.length >= 2) return bySentence;

  const byComma = single
    .replace(/[.!]$/, "")
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+and\s+(?=[^,]*$)/)
    .filter(Boolean);
  // A feature list reads as "carriers book a dock slot online, …, check in at the gate with a qr code": its
  // items are short clauses rather than single words, so they may run to 14 words.
  const maxWords = options.features ? 14 : 8;
  if (
    byComma.length >= 3 &&
    byComma.every((part) => countWords(part) <= maxWords) &&
    !byComma.slice(1).some((part) => CLAUSE_OPENER.test(part))
  ) {
    return byComma;
  }

  // "book slots and get reminders and see reports": three or more clauses joined only by "and".
  if (options.features) {
    const byAnd = single.replace(/[.!]$/, "").split(/\s+and\s+/);
    if (byAnd.length >= 3 && byAnd.every((part) => countWords(part) >= 2 && countWords(part) <= 10)) return byAnd;
  }

  return [single];
}

/** A comma part opening with one of these continues a sentence ("the guard, who …, must …"); it is no list item. */
const CLAUSE_OPENER =
  /^(?:who|whom|whose|which|that|where|when|whereas|because|although|though|if|unless|while|so|but|since|as)\b/i;

export type Priority = "Critical" | "Important" | "Nice to have";

const OPTIONAL_MARK = /\s*[([]\s*(?:optional|nice[- ]to[- ]have|later|phase 2|future)\s*[)\]]\s*/i;
const OPTIONAL_WORDS =
  /\b(optional|nice[- ]to[- ]have|later on|in (?:a )?future|phase (?:2|two)|eventually|if possible|bonus|would be nice)\b/i;
const CRITICAL_WORDS = /\b(must|critical|essential|required|mandatory|key|core|crucial|mvp)\b/i;

export type Feature = { text: string; priority: Priority };

/** Features with a priority: what the client marks optional is nice to have; the first listed are critical. */
export function prioritiseFeatures(text: string | null | undefined): Feature[] {
  const items = splitItems(text, { features: true });
  const criticalByPosition = Math.min(4, Math.max(1, Math.ceil(items.length * 0.6)));
  return items.map((item, index) => {
    const optional = OPTIONAL_MARK.test(item) || OPTIONAL_WORDS.test(item);
    const cleaned = listItem(item.replace(OPTIONAL_MARK, " ").replace(/\s{2,}/g, " "));
    if (optional) return { text: cleaned, priority: "Nice to have" };
    if (CRITICAL_WORDS.test(item) || index < criticalByPosition) return { text: cleaned, priority: "Critical" };
    return { text: cleaned, priority: "Important" };
  });
}

const QUANTIFIED =
  /\d|\b(half|double|twice|triple|zero|none|all|every|no more than|at least|within a|one third|one quarter|a third|a quarter)\b/i;

/** A goal that states its own target without a figure: "never miss an order", "no slower than today". */
const STATED_TARGET =
  /\b(never|no more(?! than)|no longer|eliminat\w*|no (?:slower|worse|harder|more expensive) than|at least as)\b/i;

export function isQuantified(text: string): boolean {
  return QUANTIFIED.test(text);
}

const MEASURES: { pattern: RegExp; measure: string }[] = [
  {
    pattern: /\b(time|faster|quick|speed|wait|turnaround|delays?|slow|instant|hours? (?:spent|saved)|minutes? (?:spent|saved))/i,
    measure: "time taken per task, compared with today's process",
  },
  {
    pattern: /\b(errors?|mistakes?|accura|bugs?|wrong|fail|rework|complain|forg[eo]t|missed|lost|overlook)/i,
    measure: "errors, missed or forgotten items per 100 transactions, before and after",
  },
  {
    pattern: /\b(cost|sav|revenue|sales|profit|price|money|budget|roi|conversion|spend)/i,
    measure: "monthly cost or revenue against today's baseline",
  },
  {
    pattern: /\b(easy|easier|intuitive|satisf|happ|love|experience|ux|friendly|simple|nps|adopt|enjoy)/i,
    measure: "testers' average ease-of-use rating, aiming for 4 out of 5 or better",
  },
  {
    pattern: /\b(professional|looks?|brand(?:ed|ing)?|trust|credib|impress|polished|modern)/i,
    measure: "testers' and customers' rating of how professional it looks and feels, aiming for 4 out of 5 or better",
  },
  {
    pattern: /\b(bookings?|orders?|requests?|tickets?|leads?|transactions?|sign[- ]?ups?|registrations?|volume)\b/i,
    measure: "weekly volume handled through the new flow",
  },
  {
    pattern: /\b(use[sd]?|usage|active|engag|onboard|retention|return)/i,
    measure: "share of invited testers who complete the key task unaided",
  },
  {
    pattern: /\b(visib|track|report|insight|overview|transparen|dashboard)/i,
    measure: "questions stakeholders can answer from the prototype without asking anyone",
  },
];

type Outcome = { text: string; measure: string; quantified: boolean };

/** Success criteria as measurable outcomes: a stated number stands; otherwise the fitting measure is proposed. */
export function measurableOutcomes(text: string | null | undefined): Outcome[] {
  return splitItems(text).map((item) => {
    const quantified = isQuantified(item) || STATED_TARGET.test(item);
    const fitting = MEASURES.find((entry) => entry.pattern.test(item));
    const measure = quantified
      ? "the stated target, checked against today's baseline"
      : fitting
        ? `${fitting.measure}${/\baiming for\b/.test(fitting.measure) ? "" : "; target agreed at kickoff"}`
        : "a target value to be agreed at kickoff";
    return { text: listItem(item), measure, quantified };
  });
}

const GAP_SIGNS: { pattern: RegExp; gap: string }[] = [
  {
    pattern: /\b(spreadsheets?|excel|google sheets?|csv)\b/i,
    gap: "Information lives in spreadsheets, so there is no single, current version that everyone trusts.",
  },
  {
    pattern: /\b(manual(?:ly)?|by hand|copy(?:ing)? and past|re-?typ|re-?enter)/i,
    gap: "Manual steps take staff time and let errors slip in.",
  },
  {
    pattern: /\b(e-?mails?|phone|calls?|whatsapp|text messages?|sms)\b/i,
    gap: "Requests arrive through several channels, so nothing is tracked in one place.",
  },
  {
    pattern: /\b(paper|printed|forms?|fax|notebooks?|whiteboard)\b/i,
    gap: "Paper or offline records cannot be searched, shared or reported on.",
  },
  {
    pattern:
      /\b(slow|delays?|waits?|waiting|takes? (?:too )?long|hours|days|(?:takes?|taking|spend|spends|spent) (?:up to )?(?:half )?(?:an?|\d+|several|many) (?:minutes?|hours?|days?|weeks?))\b/i,
    gap: "The process is slow for the people who depend on it.",
  },
  {
    pattern: /\b(errors?|mistakes?|wrong|duplicat|inconsistent|lost|missed|forget)/i,
    gap: "Mistakes, duplicates and missed items are common and costly to fix.",
  },
  { pattern: /\b(expensive|costly|cost|licen[cs]e|fees?)\b/i, gap: "The current approach is expensive for what it delivers." },
  {
    pattern: /\b(no (?:visibility|overview|reporting|insight)|can(?:no|')t see|blind|unclear|no way to)/i,
    gap: "Managers lack a clear view of what is happening.",
  },
  {
    pattern:
      /\b(legacy|outdated|old system|clunky|not integrated|disconnected|separate tools|siloed|nothing (?:links|connects)|not (?:linked|connected)|no link)/i,
    gap: "The tools in use do not work together and are hard to change.",
  },
  {
    pattern:
      /^(?:nothing|none|no)\b|\b(?:we (?:have|use) nothing|there is nothing|no (?:tool|system|solution|software)|does not exist|doesn't exist)\b/i,
    gap: "There is no dedicated tool for this today.",
  },
];

/** The weaknesses an answer about the current solution reveals, phrased as gaps the prototype should close. */
export function gapsIn(text: string | null | undefined): string[] {
  const source = tidy(text);
  return GAP_SIGNS.filter((sign) => sign.pattern.test(source))
    .map((sign) => sign.gap)
    .slice(0, 4);
}

const TECHNOLOGIES: { name: string; pattern: RegExp; kind: "platform" | "service" | "compliance" }[] = [
  { name: "React", pattern: /\breact(?!\s*native)\b/i, kind: "platform" },
  { name: "React Native", pattern: /\breact\s*native\b/i, kind: "platform" },
  { name: "Next.js", pattern: /\bnext\.?js\b/i, kind: "platform" },
  { name: "Vue", pattern: /\bvue(?:\.?js)?\b/i, kind: "platform" },
  { name: "Angular", pattern: /\bangular\b/i, kind: "platform" },
  { name: "Svelte", pattern: /\bsvelte/i, kind: "platform" },
  { name: "Node.js", pattern: /\bnode(?:\.?js)?\b/i, kind: "platform" },
  { name: "TypeScript", pattern: /\btypescript\b/i, kind: "platform" },
  { name: "Python", pattern: /\bpython\b/i, kind: "platform" },
  { name: "Django", pattern: /\bdjango\b/i, kind: "platform" },
  { name: "FastAPI", pattern: /\bfastapi\b/i, kind: "platform" },
  { name: "Ruby on Rails", pattern: /\brails\b|\bruby\b/i, kind: "platform" },
  { name: "PHP", pattern: /\bphp\b|\blaravel\b/i, kind: "platform" },
  { name: "Java", pattern: /\bjava\b(?!script)|\bspring\b/i, kind: "platform" },
  { name: ".NET", pattern: /\.net\b|\bc#/i, kind: "platform" },
  { name: "Go", pattern: /\bgolang\b/i, kind: "platform" },
  { name: "Flutter", pattern: /\bflutter\b/i, kind: "platform" },
  { name: "iOS", pattern: /\bios\b|\biphone\b|\bswift\b/i, kind: "platform" },
  { name: "Android", pattern: /\bandroid\b|\bkotlin\b/i, kind: "platform" },
  { name: "PostgreSQL", pattern: /\bpostgres(?:ql)?\b/i, kind: "platform" },
  { name: "MySQL", pattern: /\bmysql\b/i, kind: "platform" },
  { name: "SQL Server", pattern: /\bsql server\b|\bmssql\b/i, kind: "platform" },
  { name: "MongoDB", pattern: /\bmongo(?:db)?\b/i, kind: "platform" },
  { name: "Firebase", pattern: /\bfirebase\b/i, kind: "platform" },
  { name: "Supabase", pattern: /\bsupabase\b/i, kind: "platform" },
  { name: "AWS", pattern: /\baws\b|\bamazon web services\b/i, kind: "platform" },
  { name: "Azure", pattern: /\bazure\b/i, kind: "platform" },
  { name: "Google Cloud", pattern: /\bgcp\b|\bgoogle cloud\b/i, kind: "platform" },
  { name: "Vercel", pattern: /\bvercel\b/i, kind: "platform" },
  { name: "Stripe", pattern: /\bstripe\b/i, kind: "service" },
  { name: "PayPal", pattern: /\bpaypal\b/i, kind: "service" },
  { name: "Razorpay", pattern: /\brazorpay\b/i, kind: "service" },
  { name: "Twilio", pattern: /\btwilio\b/i, kind: "service" },
  { name: "Salesforce", pattern: /\bsalesforce\b/i, kind: "service" },
  { name: "HubSpot", pattern: /\bhubspot\b/i, kind: "service" },
  { name: "Shopify", pattern: /\bshopify\b/i, kind: "service" },
  { name: "SAP", pattern: /\bsap\b/i, kind: "service" },
  { name: "QuickBooks", pattern: /\bquickbooks\b/i, kind: "service" },
  { name: "Xero", pattern: /\bxero\b/i, kind: "service" },
  { name: "Slack", pattern: /\bslack\b/i, kind: "service" },
  { name: "Microsoft Teams", pattern: /\bms teams\b|\bmicrosoft teams\b/i, kind: "service" },
  { name: "Microsoft 365", pattern: /\b(?:office|microsoft) 365\b|\boutlook\b|\bsharepoint\b/i, kind: "service" },
  { name: "Google Workspace", pattern: /\bgoogle (?:workspace|calendar|sheets|drive)\b|\bgmail\b/i, kind: "service" },
  { name: "OpenAI", pattern: /\bopenai\b|\bchatgpt\b|\bgpt-?\d/i, kind: "service" },
  { name: "GDPR", pattern: /\bgdpr\b/i, kind: "compliance" },
  { name: "HIPAA", pattern: /\bhipaa\b/i, kind: "compliance" },
  { name: "SOC 2", pattern: /\bsoc ?2\b/i, kind: "compliance" },
  { name: "PCI DSS", pattern: /\bpci\b/i, kind: "compliance" },
  { name: "ISO 27001", pattern: /\biso ?27001\b/i, kind: "compliance" },
  { name: "ISO 17025", pattern: /\biso(?:\/iec)? ?17025\b/i, kind: "compliance" },
  { name: "ISO 13485", pattern: /\biso ?13485\b/i, kind: "compliance" },
  { name: "ISO 9001", pattern: /\biso ?9001\b/i, kind: "compliance" },
  {
    name: "EU data residency",
    pattern: /\b(?:stays?|stored|kept|hosted|remains?) (?:with)?in the EU\b|\bdata residency\b/i,
    kind: "compliance",
  },
];

type TechReading = {
  platforms: string[];
  services: string[];
  compliance: string[];
  noPreference: boolean;
  mobile: boolean;
};

/**
 * A phone or tablet named as the users' device ("works on cheap android phones", "iPhone users") asks for a
 * prototype that runs there, not for a native Android or iOS stack: such phrases count as mobile, not as platforms.
 */
const DEVICE_MENTION =
  /\b(?:android|ios|iphones?|ipads?)(?:\s+(?:and|or|\/)\s+(?:android|ios|iphones?|ipads?))?\s+(?:phones?|devices?|tablets?|handsets?|smartphones?|mobiles?|users?|browsers?|customers?|staff)\b|\b(?:works?|runs?|usable|open(?:s|ed)?|used)\s+(?:well\s+|fine\s+)?on\s+(?:(?:cheap|old|older|low-end|budget|basic|any|our|their|staff)\s+){0,2}(?:android|ios|iphones?|ipads?)\b/gi;

export function readTechnology(...texts: (string | null | undefined)[]): TechReading {
  const written = texts.map(tidy).join("\n");
  const source = written.replace(DEVICE_MENTION, " mobile devices ");
  const found = TECHNOLOGIES.filter((tech) => tech.pattern.test(source));
  return {
    platforms: found.filter((t) => t.kind === "platform").map((t) => t.name),
    services: found.filter((t) => t.kind === "service").map((t) => t.name),
    compliance: found.filter((t) => t.kind === "compliance").map((t) => t.name),
    noPreference:
      /\b(no (?:particular )?preference|not sure|don'?t know|open to|any(?:thing)? (?:is fine|works)|up to you|your (?:choice|recommendation)|no idea)\b/i.test(
        written,
      ),
    mobile:
      /\b(mobile|ios|android|iphone|ipad|app store|play store|smartphone|phone app|phone camera|tablets?)\b|\bon (?:my|our|their|your|a|the|any) (?:phones?|mobiles?)\b/i.test(
        source,
      ),
  };
}

/** "a, b and c" */
export function joinWords(words: string[], conjunction = "and"): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} ${conjunction} ${words[words.length - 1]}`;
}

export function plural({ count, one, many }: { count: number; one: string; many: string }): string {
  return `${numberWord(count)} ${count === 1 ? one : many}`;
}

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

export function numberWord(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

/** Shortens an answer to a phrase for a question ("…" only when it was cut). */
export function shorten(text: string, maxWords = 12): string {
  const words = withoutFullStop(text).split(/\s+/).filter(Boolean);
  return words.length <= maxWords ? words.join(" ") : `${words.slice(0, maxWords).join(" ")}…`;
}

const PAYMENT_SERVICES = new Set(["Stripe", "PayPal", "Razorpay", "Shopify"]);
const MESSAGING_SERVICES = new Set(["Twilio", "Slack", "Microsoft Teams"]);

/**
 * Practical questions the answers raise but do not settle: how payments, notifications, calculations,
 * integrations and offline use should work. Each is asked only when the answers name the need.
 */
export function practicalQuestions({
  features,
  tech,
  texts,
}: {
  features: Feature[];
  tech: TechReading;
  texts: (string | null | undefined)[];
}): string[] {
  const source = [...features.map((f) => f.text), ...texts.map(tidy)].join("\n");
  const questions: string[] = [];
  if (
    /\b(pay|pays|paid|payments?|deposits?|invoices?|checkout|billing)\b/i.test(source) &&
    !tech.services.some((s) => PAYMENT_SERVICES.has(s))
  ) {
    questions.push("Should payments be taken online in the prototype (and through which provider), or only recorded?");
  }
  if (
    /\b(reminders?|notifications?|notify|notified|alerts?)\b/i.test(source) &&
    !tech.services.some((s) => MESSAGING_SERVICES.has(s)) &&
    !/\b(e-?mail|sms|text message|whatsapp|push notification)/i.test(source)
  ) {
    questions.push("Which channel should reminders and notifications use: email, SMS, WhatsApp or in-app?");
  }
  const calculating = features.find((f) => /\b(calculat\w*|formula|pricing|quotes?|estimat\w*|scor(?:e|es|ing))\b/i.test(f.text));
  if (calculating) {
    questions.push(
      `Which rules and figures should “${shorten(calculating.text, 8)}” use? A few real examples let the prototype show believable results.`,
    );
  }
  if (
    tech.services.length === 0 &&
    /\b(integrat\w*|push\w* .{0,40}?\binto|sync\w* with|import\w* from|export\w* to|connect\w* to)\b/i.test(source)
  ) {
    questions.push(
      "Which existing systems must the prototype exchange data with, and can test access be provided, or should that exchange be simulated?",
    );
  }
  if (/\boffline\b|\bno (?:signal|internet|connection)\b/i.test(source)) {
    questions.push("Which steps must work offline, and how long may a device stay offline before it syncs?");
  }
  return questions;
}
