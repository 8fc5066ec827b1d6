// The Download Deck PDF: what we do, the process, packages and prices, ROI, contact. Drawn with the server's document
// toolkit from the same constants as the site, in Inter (embedded whole: its subset loses glyphs) with DejaVu Sans
// behind it for any character Inter lacks, so ₹ and every figure render the same everywhere.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { DocumentFonts, dejaVuSans, type Face, type FamilySource } from "../../src/server/documents/fonts";
import { drawRuns } from "../../src/server/documents/layout";
import {
  COMPANY_NAME,
  CONTACT_REPLY_PROMISE,
  DELIVERY_STEPS,
  ENGAGEMENT_INCLUDES,
  MARKETING_FIGURES,
  MEETING_LENGTHS,
  PUBLIC_CONTACT_EMAIL,
  RESPONSE_PROMISES,
} from "../../src/shared/constants/marketing";
import { CURRENCIES, formatPrice, PACKAGE_TYPES, PACKAGES } from "../../src/shared/constants/packages";
import { calculateRoi, ROI_DEFAULTS } from "../../src/shared/domain/roi";

const W = 960;
const H = 540;
const M = 56;

const hex = (value: string) => {
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const C = {
  brand900: hex("#312e81"),
  brand800: hex("#3730a3"),
  brand700: hex("#4338ca"),
  brand100: hex("#e0e7ff"),
  brand50: hex("#eef2ff"),
  ink: hex("#0f172a"),
  body: hex("#475569"),
  muted: hex("#64748b"),
  line: hex("#e2e8f0"),
  white: rgb(1, 1, 1),
  green: hex("#059669"),
  slate50: hex("#f8fafc"),
  dark: hex("#020617"),
};

/** A face of the deck's fonts; widths and drawing fall back across families character by character. */
type FontRef = { all: DocumentFonts; face: Face };
type Fonts = { regular: FontRef; semibold: FontRef; bold: FontRef };

const widthOf = (font: FontRef, content: string, size: number) => font.all.width(content, font.face, size);

function drawText(
  page: PDFPage,
  content: string,
  o: { x: number; y: number; size: number; font: FontRef; color?: ReturnType<typeof rgb> },
) {
  drawRuns(o.font.all, page, content, { x: o.x, y: o.y, size: o.size, face: o.font.face, color: o.color ?? C.ink });
}

const usd = (amount: number) => formatPrice(amount, "USD");
const f = MARKETING_FIGURES;

function interFamily(): FamilySource {
  const require = createRequire(import.meta.url);
  const load = (weight: string) => readFileSync(require.resolve(`@expo-google-fonts/inter/${weight}/Inter_${weight}.ttf`));
  const regular = load("400Regular");
  const bold = load("700Bold");
  // The deck has no italics: those faces reuse the upright files (embedded once).
  return { name: "Inter", regular, semibold: load("600SemiBold"), bold, italic: regular, boldItalic: bold, subset: false };
}

/** Draws text from a top-left anchor, wrapping to `width`; returns the y (from the top) below the last line. */
function text(
  page: PDFPage,
  content: string,
  o: { x: number; top: number; size: number; font: FontRef; color?: ReturnType<typeof rgb>; width?: number; leading?: number },
): number {
  const leading = o.leading ?? o.size * 1.4;
  const lines: string[] = [];
  for (const paragraph of content.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ")) {
      const candidate = line ? `${line} ${word}` : word;
      if (o.width && line && widthOf(o.font, candidate, o.size) > o.width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  lines.forEach((line, i) => {
    drawText(page, line, { x: o.x, y: H - o.top - o.size - i * leading, size: o.size, font: o.font, color: o.color ?? C.ink });
  });
  return o.top + lines.length * leading;
}

function box(
  page: PDFPage,
  o: { x: number; top: number; w: number; h: number; color: ReturnType<typeof rgb>; border?: boolean },
) {
  page.drawRectangle({
    x: o.x,
    y: H - o.top - o.h,
    width: o.w,
    height: o.h,
    color: o.color,
    ...(o.border ? { borderColor: C.line, borderWidth: 1 } : {}),
  });
}

function pageFrame(doc: PDFDocument, fonts: Fonts, o: { number: number; eyebrow: string; title: string }): PDFPage {
  const page = doc.addPage([W, H]);
  page.drawRectangle({ x: 0, y: H - 6, width: W, height: 6, color: C.brand700 });
  text(page, o.eyebrow.toUpperCase(), { x: M, top: 40, size: 11, font: fonts.semibold, color: C.brand700 });
  text(page, o.title, { x: M, top: 60, size: 28, font: fonts.bold, width: W - 2 * M });
  page.drawLine({ start: { x: M, y: 34 }, end: { x: W - M, y: 34 }, thickness: 0.5, color: C.line });
  drawText(page, COMPANY_NAME, { x: M, y: 18, size: 9, font: fonts.semibold, color: C.muted });
  const label = `${o.number}`;
  drawText(page, label, {
    x: W - M - widthOf(fonts.regular, label, 9),
    y: 18,
    size: 9,
    font: fonts.regular,
    color: C.muted,
  });
  return page;
}

function bullet(
  page: PDFPage,
  fonts: Fonts,
  content: string,
  o: { x: number; top: number; width: number; size?: number },
): number {
  const size = o.size ?? 12;
  page.drawCircle({ x: o.x + 4, y: H - o.top - size * 0.62, size: 3, color: C.brand700 });
  return text(page, content, { x: o.x + 16, top: o.top, size, font: fonts.regular, color: C.body, width: o.width - 16 });
}

function cover(doc: PDFDocument, fonts: Fonts) {
  const page = doc.addPage([W, H]);
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: C.brand900 });
  page.drawCircle({ x: W - 120, y: H - 60, size: 260, color: C.brand800 });
  page.drawCircle({ x: W - 40, y: 60, size: 150, color: C.brand700 });
  text(page, COMPANY_NAME, { x: M, top: 56, size: 22, font: fonts.bold, color: C.white });
  text(page, `WORKING PROTOTYPES IN ${f.deliveryRange.toUpperCase()}`, {
    x: M,
    top: 150,
    size: 12,
    font: fonts.semibold,
    color: C.brand100,
  });
  const below = text(page, "See your software working before you build it", {
    x: M,
    top: 174,
    size: 44,
    font: fonts.bold,
    color: C.white,
    width: 600,
    leading: 52,
  });
  text(
    page,
    "A high-fidelity prototype and a business requirements document from your idea, so you validate with real users before you fund full development.",
    { x: M, top: below + 18, size: 15, font: fonts.regular, color: C.brand100, width: 560, leading: 22 },
  );
  text(page, `${PUBLIC_CONTACT_EMAIL}  ·  Founded in ${f.foundedYear}`, {
    x: M,
    top: H - 70,
    size: 12,
    font: fonts.semibold,
    color: C.white,
  });
}

function whatWeDo(page: PDFPage, fonts: Fonts) {
  const col = (W - 2 * M - 32) / 2;
  box(page, { x: M, top: 120, w: col, h: 360, color: C.slate50, border: true });
  text(page, "The problem", { x: M + 24, top: 140, size: 16, font: fonts.bold });
  let y = 172;
  for (const line of [
    "Requirements documents get read ten different ways; nobody sees the product until it is coded.",
    "Users give feedback after launch, when every change means paid-for rework.",
    `A traditional project runs to ${usd(f.traditionalProject)} before anyone has clicked through it.`,
  ]) {
    y = bullet(page, fonts, line, { x: M + 24, top: y, width: col - 48 }) + 12;
  }
  const x2 = M + col + 32;
  box(page, { x: x2, top: 120, w: col, h: 360, color: C.brand50 });
  text(page, "What you get", { x: x2 + 24, top: 140, size: 16, font: fonts.bold, color: C.brand900 });
  y = 172;
  for (const line of [
    `A working, high-fidelity prototype in ${f.deliveryRange}.`,
    `A ${f.briefPages}-page brief from our AI-powered questionnaire.`,
    "A business requirements document your developers build from.",
  ]) {
    y = bullet(page, fonts, line, { x: x2 + 24, top: y, width: col - 48 }) + 10;
  }
  text(page, "Every engagement includes", { x: x2 + 24, top: y + 8, size: 12, font: fonts.semibold, color: C.brand900 });
  y += 30;
  for (const item of ENGAGEMENT_INCLUDES) {
    y = bullet(page, fonts, item, { x: x2 + 24, top: y, width: col - 48, size: 11 }) + 4;
  }
}

function processPage(page: PDFPage, fonts: Fonts) {
  const details = [
    "Sign in, sign the NDA online and answer the AI-powered questionnaire. You approve a 2-page brief.",
    "We build the key flows as a high-fidelity prototype, with daily progress updates: 48, 72 or 96 hours by package.",
    "Invite your stakeholders, collect feedback in the portal, and refine over 3 iteration rounds to final approval.",
  ];
  const col = (W - 2 * M - 2 * 24) / 3;
  DELIVERY_STEPS.forEach((step, i) => {
    const x = M + i * (col + 24);
    box(page, { x, top: 130, w: col, h: 300, color: C.white, border: true });
    page.drawCircle({ x: x + 40, y: H - 176, size: 20, color: C.brand700 });
    const n = String(i + 1);
    drawText(page, n, {
      x: x + 40 - widthOf(fonts.bold, n, 16) / 2,
      y: H - 182,
      size: 16,
      font: fonts.bold,
      color: C.white,
    });
    box(page, { x: x + col - 24 - 110, top: 164, w: 110, h: 24, color: C.brand50 });
    text(page, step.timing, { x: x + col - 24 - 102, top: 169, size: 11, font: fonts.semibold, color: C.brand800 });
    text(page, step.title, { x: x + 24, top: 222, size: 18, font: fonts.bold, width: col - 48 });
    text(page, details[i] ?? "", {
      x: x + 24,
      top: 262,
      size: 12,
      font: fonts.regular,
      color: C.body,
      width: col - 48,
      leading: 18,
    });
  });
  text(page, "Everything runs through your client portal: NDA, requirements, progress, testing, feedback and meetings.", {
    x: M,
    top: 456,
    size: 12,
    font: fonts.regular,
    color: C.muted,
  });
}

function packages(page: PDFPage, fonts: Fonts) {
  const col = (W - 2 * M - 2 * 24) / 3;
  PACKAGE_TYPES.forEach((type, i) => {
    const p = PACKAGES[type];
    const x = M + i * (col + 24);
    const top = 130;
    box(page, { x, top, w: col, h: 330, color: p.mostPopular ? C.brand50 : C.white, border: !p.mostPopular });
    if (p.mostPopular) {
      page.drawRectangle({ x, y: H - top - 330, width: col, height: 330, borderColor: C.brand700, borderWidth: 2 });
      box(page, { x: x + col - 24 - 96, top: top + 20, w: 96, h: 22, color: C.brand700 });
      text(page, "Most Popular", { x: x + col - 24 - 86, top: top + 25, size: 10, font: fonts.semibold, color: C.white });
    }
    text(page, p.name, { x: x + 24, top: top + 24, size: 13, font: fonts.bold, color: C.brand700 });
    CURRENCIES.forEach((currency, c) => {
      text(page, formatPrice(p.prices[currency], currency), {
        x: x + 24,
        top: top + 60 + c * 40,
        size: c === 0 ? 30 : 20,
        font: fonts.bold,
        color: c === 0 ? C.ink : C.body,
      });
    });
    let y = top + 160;
    for (const line of [
      `Delivered in ${p.deliveryHours} hours`,
      `${p.users} users for ${p.accessMonths} months`,
      `${p.iterations} iterations`,
      "NDA protection and daily updates",
    ]) {
      y = bullet(page, fonts, line, { x: x + 24, top: y, width: col - 48 }) + 8;
    }
  });
  text(
    page,
    "Prices in US dollars and Indian rupees. Every package includes the 2-page brief and user testing with stakeholders.",
    {
      x: M,
      top: 478,
      size: 11,
      font: fonts.regular,
      color: C.muted,
    },
  );
}

function roi(page: PDFPage, fonts: Fonts) {
  const figures = [
    ["Prototype investment", `${usd(f.prototypeInvestment.min)}-${usd(f.prototypeInvestment.max)}`],
    ["Traditional project", usd(f.traditionalProject)],
    ["Average savings", `${usd(f.averageSavings)}+`],
    ["Prototype hosting", `${f.hostedAccessYears}-year hosted access`],
  ];
  figures.forEach(([label, value], i) => {
    const x = M + (i % 2) * 212;
    const top = 130 + Math.floor(i / 2) * 110;
    box(page, { x, top, w: 196, h: 94, color: i === 2 ? C.brand700 : C.brand50 });
    text(page, label ?? "", {
      x: x + 18,
      top: top + 18,
      size: 11,
      font: fonts.semibold,
      color: i === 2 ? C.brand100 : C.brand800,
    });
    const size = widthOf(fonts.bold, value ?? "", 19) > 160 ? 15 : 19;
    text(page, value ?? "", {
      x: x + 18,
      top: top + 42,
      size,
      font: fonts.bold,
      color: i === 2 ? C.white : C.brand900,
      width: 170,
    });
  });
  text(
    page,
    `${f.productionLaunchPercent}% of our prototypes lead to production launches; teams code ${f.fasterCodingPercent}% faster.`,
    {
      x: M,
      top: 372,
      size: 12,
      font: fonts.regular,
      color: C.body,
      width: 400,
      leading: 18,
    },
  );

  const x = M + 460;
  const result = calculateRoi(ROI_DEFAULTS);
  box(page, { x, top: 130, w: W - M - x, h: 320, color: C.dark });
  text(page, "A worked example", { x: x + 24, top: 152, size: 14, font: fonts.bold, color: C.white });
  const rows = [
    ["Planned build budget", usd(ROI_DEFAULTS.buildBudget)],
    ["Rework a validated prototype avoids", `${ROI_DEFAULTS.reworkAvoidedPercent}%`],
    [`${PACKAGES[ROI_DEFAULTS.packageType].name} package`, usd(result.prototypeCost)],
    ["Rework you avoid", usd(result.savings)],
    ["Net savings", usd(result.netSavings)],
  ];
  rows.forEach(([label, value], i) => {
    const top = 190 + i * 30;
    text(page, label ?? "", { x: x + 24, top, size: 12, font: fonts.regular, color: C.brand100 });
    const v = value ?? "";
    drawText(page, v, {
      x: W - M - 24 - widthOf(fonts.semibold, v, 13),
      y: H - top - 13,
      size: 13,
      font: fonts.semibold,
      color: C.white,
    });
  });
  text(page, `$${result.savedPerDollar} saved for every $1`, {
    x: x + 24,
    top: 352,
    size: 22,
    font: fonts.bold,
    color: hex("#6ee7b7"),
  });
  text(page, "Rework avoided = budget × share avoided. Return per $1 = rework avoided ÷ package price.", {
    x: x + 24,
    top: 392,
    size: 10,
    font: fonts.regular,
    color: C.brand100,
    width: W - M - x - 48,
    leading: 15,
  });
}

function contact(page: PDFPage, fonts: Fonts) {
  let y = 130;
  y = text(page, "Start your project by signing in to the Blueprint client portal with your email: no password needed.", {
    x: M,
    top: y,
    size: 15,
    font: fonts.regular,
    color: C.body,
    width: 520,
    leading: 22,
  });
  y += 24;
  for (const [label, value] of [
    ["Email", PUBLIC_CONTACT_EMAIL],
    [
      "Discovery call",
      `${MEETING_LENGTHS.discoveryCallMinutes} minutes, or a ${MEETING_LENGTHS.consultationMinutes}-minute consultation`,
    ],
    ["We reply", `to every message ${CONTACT_REPLY_PROMISE}`],
  ]) {
    text(page, label ?? "", { x: M, top: y, size: 11, font: fonts.semibold, color: C.brand700 });
    y = text(page, value ?? "", { x: M, top: y + 16, size: 16, font: fonts.semibold, width: 520 }) + 18;
  }
  const x = M + 580;
  box(page, { x, top: 130, w: W - M - x, h: 250, color: C.brand50 });
  text(page, "Response times", { x: x + 24, top: 152, size: 14, font: fonts.bold, color: C.brand900 });
  RESPONSE_PROMISES.forEach((p, i) => {
    const top = 192 + i * 52;
    text(page, p.topic, { x: x + 24, top, size: 11, font: fonts.regular, color: C.brand800 });
    text(page, p.within, { x: x + 24, top: top + 16, size: 20, font: fonts.bold, color: C.brand900 });
  });
}

/** The pages after the cover, in order: each has the frame (eyebrow, title, its number), then draws its content. */
const CONTENT_PAGES: { eyebrow: string; title: string; draw: (page: PDFPage, fonts: Fonts) => void }[] = [
  { eyebrow: "What we do", title: "Software development is broken. We validate first.", draw: whatWeDo },
  { eyebrow: "The process", title: "Three steps from idea to validated prototype", draw: processPage },
  { eyebrow: "Packages and prices", title: "Fixed prices per prototype", draw: packages },
  { eyebrow: "Return on investment", title: `Save $${f.savedPerDollar}+ for every $1`, draw: roi },
  { eyebrow: "Contact", title: "Let's see your idea working", draw: contact },
];

export async function buildSalesDeck(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const all = await DocumentFonts.embed(doc, [interFamily(), dejaVuSans()]);
  const fonts: Fonts = { regular: { all, face: "regular" }, semibold: { all, face: "semibold" }, bold: { all, face: "bold" } };
  doc.setTitle(`${COMPANY_NAME} — working software prototypes in ${f.deliveryRange}`);
  doc.setAuthor(COMPANY_NAME);
  doc.setSubject("What we do, the process, packages and prices, ROI, contact");
  doc.setKeywords(["prototype", "BRD", "MVP", "requirements", ...PACKAGE_TYPES.map((t) => PACKAGES[t].name)]);
  doc.setCreator(COMPANY_NAME);
  doc.setProducer(COMPANY_NAME);
  // A fixed date keeps the build reproducible: the same constants give the same file.
  const fixed = new Date(Date.UTC(f.foundedYear, 0, 1));
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);

  cover(doc, fonts);
  CONTENT_PAGES.forEach((content, i) => {
    // The cover is page 1.
    content.draw(pageFrame(doc, fonts, { number: i + 2, eyebrow: content.eyebrow, title: content.title }), fonts);
  });
  return doc.save();
}
