// GET /api/me/export: everything the portal holds about the caller, as a ZIP streamed while it is built (archiver:
// one entry at a time, each written out before the next is made, never the whole archive in memory; the large
// files, messages.json and activity.json, are themselves written a page of rows at a time from paged queries). JSON for
// the records, the documents as the files the portal issues (signed NDA, briefs) or was given (BRDs, invoices).
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { and, asc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import { isoDay } from "../../../shared/domain/dates";
import { PAYMENT_PHASES } from "../../../shared/domain/payments";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import {
  activityEvents,
  communicationReplies,
  communications,
  feedback,
  fileAttachments,
  meetingRequests,
  profiles,
  projectMembers,
  projects,
  requirements,
  users,
} from "../../db/schema";
import { fileNamePart } from "../../documents/deliver";
import { readPreferences } from "../../email/preferences";
import { AppError } from "../../errors";
import { COMPANY_AUTHOR_FALLBACK } from "../communications";
import { issueSignedNda } from "../onboarding";
import { paymentReceipt } from "../payments";
import { downloadBrief } from "../projects";

type Entry = { name: string; data: string | Uint8Array | Readable };

/** Waits until archiver has written the entry out, so the next one is made only then. */
function appendEntry(archive: ZipArchive, entry: Entry): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      archive.off("error", fail);
      resolve();
    };
    const fail = (error: Error) => {
      archive.off("entry", done);
      reject(error);
    };
    archive.once("entry", done);
    archive.once("error", fail);
    const data = typeof entry.data === "string" || entry.data instanceof Readable ? entry.data : Buffer.from(entry.data);
    archive.append(data, { name: entry.name, date: new Date() });
  });
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Rows fetched and written this many at a time: an entry's file is never whole in memory (issue 26, item 5). */
export const EXPORT_PAGE_ROWS = 500;

/** An ordered query read a page at a time (offset paging over a total order: created_at, then id). */
async function* inPages<T>(page: (limit: number, offset: number) => Promise<T[]>): AsyncGenerator<T> {
  for (let offset = 0; ; offset += EXPORT_PAGE_ROWS) {
    const rows = await page(EXPORT_PAGE_ROWS, offset);
    yield* rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
  }
}

/** A JSON array written item by item (each indented as JSON.stringify(…, null, 2) would within its parent). */
async function* jsonArray<T>(items: AsyncIterable<T>, indent = ""): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    const text = JSON.stringify(item, null, 2).replace(/\n/g, `\n${indent}  `);
    yield `${first ? "[\n" : ",\n"}${indent}  ${text}`;
    first = false;
  }
  yield first ? "[]" : `\n${indent}]`;
}
const anyOf = (conditions: (SQL | undefined)[]) => or(...conditions.filter(Boolean), sql`false`);

const README = `Your data from Blueprint

profile.json           your account, company profile and notification choices
projects.json          the projects you own and those shared with you
answers.json           your requirements answers
briefs.json            the project briefs (text); the PDFs are in documents/
feedback.json          your feedback; screenshots are in feedback/
messages.json          project conversations, your General support conversations and your replies
meeting-requests.json  meeting requests
activity.json          your activity timeline
documents/             the signed NDA, briefs, payment receipts, BRDs and invoices as issued
`;

export function exportFilename(now = new Date()): string {
  return `blueprint-data-${isoDay(now)}.zip`;
}

/** The archive as a stream; its entries are made while it is read. A failure part-way ends the stream with it. */
export function streamAccountExport(ctx: AppContext, { user, log }: { user: SessionUser; log: FastifyBaseLogger }): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  fillArchive(ctx, user, archive)
    .then(() => archive.finalize())
    .catch((error) => {
      log.warn({ err: error, userId: user.id }, "data export failed part-way");
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return archive;
}

async function fillArchive(ctx: AppContext, user: SessionUser, archive: ZipArchive): Promise<void> {
  const { db } = ctx;
  const add = (name: string, data: Entry["data"]) => appendEntry(archive, { name, data });
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id)).limit(1);
  await add("README.txt", README);
  await add(
    "profile.json",
    json({
      account: {
        id: user.id,
        email: user.email,
        name: user.name,
        firstName: user.firstName,
        lastName: user.lastName,
        createdAt: user.createdAt,
        lastSignInAt: user.lastSignInAt,
      },
      profile: profile ?? null,
      notificationPreferences: await readPreferences(db, user.id),
    }),
  );

  const owned = await db.select().from(projects).where(eq(projects.userId, user.id)).orderBy(asc(projects.createdAt));
  const ownedIds = owned.map((p) => p.id);
  const onOwned = (column: AnyPgColumn) => (ownedIds.length ? inArray(column, ownedIds) : undefined);
  const memberships = await db
    .select({
      projectId: projects.id,
      projectCode: projects.projectCode,
      projectName: projects.projectName,
      status: projects.status,
      accessLevel: projectMembers.accessLevel,
      addedAt: projectMembers.createdAt,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.email, user.email.toLowerCase()), ne(projects.userId, user.id)));
  await add("projects.json", json({ owned, sharedWithYou: memberships }));
  const codeOf = new Map(owned.map((p) => [p.id, p.projectCode]));

  const answers = ownedIds.length ? await db.select().from(requirements).where(inArray(requirements.projectId, ownedIds)) : [];
  await add(
    "answers.json",
    json(
      answers.map(({ generatedBrief, briefGeneratedBy, briefConfirmed, briefConfirmedAt, briefStatus, ...row }) => ({
        projectCode: codeOf.get(row.projectId),
        ...row,
      })),
    ),
  );
  await add(
    "briefs.json",
    json(
      answers
        .filter((row) => row.generatedBrief)
        .map((row) => ({
          projectCode: codeOf.get(row.projectId),
          brief: row.generatedBrief,
          generatedBy: row.briefGeneratedBy,
          confirmed: row.briefConfirmed,
          confirmedAt: row.briefConfirmedAt,
        })),
    ),
  );

  // What the caller may still see: their own projects and those they are a member of now. In any other project
  // (a member removed since) the export holds only what they wrote, never what others answered after (issue 26,
  // item 3). The company's people appear by the name the portal shows, never by their personal address.
  const visible = new Set([...ownedIds, ...memberships.map((m) => m.projectId)]);

  const feedbackRows = await db
    .select()
    .from(feedback)
    .where(anyOf([onOwned(feedback.projectId), eq(feedback.authorId, user.id)]))
    .orderBy(asc(feedback.createdAt));
  const screenshots = new Map<string, string>();
  for (const row of feedbackRows) {
    if (row.screenshotFileId) screenshots.set(row.id, `feedback/${row.id}-screenshot`);
  }
  await add(
    "feedback.json",
    json(
      feedbackRows.map(({ screenshotFileId, ...row }) => {
        const item = { ...row, screenshot: screenshots.get(row.id) ?? null };
        if (visible.has(row.projectId)) return item;
        // What the company did with it (its answer, the fix, the item's history) is the project's, not his.
        const { status, adminComment, adminUpdatedAt, adminUpdatedBy, resolution, fixedInVersion, confirmedAt, history, ...own } =
          item;
        return { ...own, noLongerVisible: true };
      }),
    ),
  );
  for (const row of feedbackRows) {
    if (!row.screenshotFileId) continue;
    const [attachment] = await db
      .select({ filename: fileAttachments.filename })
      .from(fileAttachments)
      .where(and(eq(fileAttachments.fileId, row.screenshotFileId), eq(fileAttachments.kind, "feedback_screenshot")))
      .limit(1);
    const stored = await ctx.files.get(row.screenshotFileId);
    if (!stored) continue;
    const extension = attachment?.filename.split(".").pop() ?? "png";
    await add(`feedback/${row.id}-screenshot.${extension}`, stored.bytes);
  }

  // messages.json is written a thread and a page of replies at a time: 20,000 messages never sit whole in memory.
  // Their project threads, the threads they started, and their general support threads with the company.
  const threadScope = anyOf([
    onOwned(communications.projectId),
    eq(communications.authorId, user.id),
    eq(communications.customerId, user.id),
  ]);
  /** A general support thread is the customer's own: all of it is theirs to see. */
  const seesWhole = (thread: typeof communications.$inferSelect) =>
    thread.customerId === user.id || (thread.projectId !== null && visible.has(thread.projectId));
  const exportedReply = ({
    reply,
    authorName,
  }: {
    reply: typeof communicationReplies.$inferSelect;
    authorName: string | null;
  }) => {
    if (!reply.fromCompany) return reply;
    const { authorEmail, authorId, ...rest } = reply;
    return { ...rest, authorName: authorName?.trim() || COMPANY_AUTHOR_FALLBACK };
  };
  const replyRows = (where: SQL | undefined) => (limit: number, offset: number) =>
    db
      .select({ reply: communicationReplies, authorName: users.name })
      .from(communicationReplies)
      .leftJoin(users, eq(users.id, communicationReplies.authorId))
      .where(where)
      .orderBy(asc(communicationReplies.createdAt), asc(communicationReplies.id))
      .limit(limit)
      .offset(offset);
  async function* repliesOf(thread: typeof communications.$inferSelect): AsyncGenerator<unknown> {
    if (thread.replyCount === 0) return;
    const mineOnly = seesWhole(thread) ? undefined : eq(communicationReplies.authorId, user.id);
    for await (const row of inPages(replyRows(and(eq(communicationReplies.communicationId, thread.id), mineOnly)))) {
      yield exportedReply(row);
    }
  }
  async function* threadsJson(): AsyncGenerator<string> {
    const threads = inPages((limit, offset) =>
      db
        .select()
        .from(communications)
        .where(threadScope)
        .orderBy(asc(communications.createdAt), asc(communications.id))
        .limit(limit)
        .offset(offset),
    );
    let first = true;
    for await (const thread of threads) {
      const head = JSON.stringify({ ...thread, ...(seesWhole(thread) ? {} : { noLongerVisible: true }) }, null, 2);
      // The thread's fields, then its replies streamed into the same object.
      yield `${first ? "[\n" : ",\n"}    ${head.slice(0, -2).replace(/\n/g, "\n    ")},\n      "replies": `;
      yield* jsonArray(repliesOf(thread), "      ");
      yield "\n    }";
      first = false;
    }
    yield first ? "[]" : "\n  ]";
  }
  const elsewhere = and(
    eq(communicationReplies.authorId, user.id),
    sql`${communicationReplies.communicationId} not in (select ${communications.id} from ${communications} where ${threadScope})`,
  );
  async function* messagesJson(): AsyncGenerator<string> {
    yield '{\n  "threads": ';
    yield* threadsJson();
    yield ',\n  "yourRepliesElsewhere": ';
    yield* jsonArray(
      (async function* () {
        for await (const row of inPages(replyRows(elsewhere))) yield exportedReply(row);
      })(),
      "  ",
    );
    yield "\n}\n";
  }
  await add("messages.json", Readable.from(messagesJson(), { objectMode: false }));

  const meetings = await db
    .select()
    .from(meetingRequests)
    .where(anyOf([onOwned(meetingRequests.projectId), eq(meetingRequests.requestedBy, user.id)]))
    .orderBy(asc(meetingRequests.createdAt));
  await add(
    "meeting-requests.json",
    json(
      meetings.map((meeting) => {
        if (visible.has(meeting.projectId)) return meeting;
        const { status, scheduledAt, meetingLink, adminNotes, icsSequence, invitationSentAt, ...own } = meeting;
        return { ...own, noLongerVisible: true };
      }),
    ),
  );

  const activity = inPages((limit, offset) =>
    db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.userId, user.id))
      .orderBy(asc(activityEvents.createdAt), asc(activityEvents.id))
      .limit(limit)
      .offset(offset),
  );
  await add(
    "activity.json",
    Readable.from(
      (async function* () {
        yield* jsonArray(activity);
        yield "\n";
      })(),
      { objectMode: false },
    ),
  );

  // The PDFs go through the shared render guard and the user's budget of fresh renders (documents/render-guard.ts):
  // one past the budget, or refused while the renders are busy, or a document whose record is missing (404), is listed
  // in NOT-INCLUDED.txt instead of failing the whole archive; its text is in briefs.json and the PDF downloads from
  // the project page later.
  const notIncluded: string[] = [];
  const addDocument = async (label: string, issue: () => Promise<{ filename: string; bytes: Uint8Array }>) => {
    try {
      const document = await issue();
      await add(`documents/${document.filename}`, document.bytes);
    } catch (error) {
      if (!(error instanceof AppError) || ![404, 429, 503].includes(error.statusCode)) throw error;
      notIncluded.push(label);
    }
  };
  if (profile?.ndaSigned) await addDocument("the signed NDA", () => issueSignedNda(ctx, { profile, requesterId: user.id }));
  for (const project of owned) {
    const answer = answers.find((row) => row.projectId === project.id);
    if (answer?.generatedBrief?.trim()) {
      await addDocument(`the brief of ${project.projectCode}`, () => downloadBrief(ctx, { user, project, accessLevel: "owner" }));
    }
    for (const phase of PAYMENT_PHASES) {
      const received = phase === "advance" ? project.advancePaymentReceivedDate : project.balancePaymentReceivedDate;
      if (!received) continue;
      const receipt = await paymentReceipt(ctx, { access: { user, project, accessLevel: "owner" }, phase });
      await add(`documents/${receipt.filename}`, receipt.bytes);
    }
  }
  if (notIncluded.length) {
    await add(
      "documents/NOT-INCLUDED.txt",
      `These PDFs were not included because many documents were prepared for you in a short time:\n${notIncluded
        .map((label) => `- ${label}`)
        .join("\n")}\nTheir text is in this archive; download them from the portal, or export again in a few minutes.\n`,
    );
  }
  const uploads = ownedIds.length
    ? await db
        .select()
        .from(fileAttachments)
        .where(and(inArray(fileAttachments.projectId, ownedIds), inArray(fileAttachments.kind, ["brd", "invoice"])))
        .orderBy(asc(fileAttachments.createdAt))
    : [];
  const used = new Set<string>();
  for (const upload of uploads) {
    const stored = await ctx.files.get(upload.fileId);
    if (!stored) continue;
    const folder = `documents/${fileNamePart(codeOf.get(upload.projectId), "project")}`;
    let name = `${folder}/${upload.kind === "brd" ? "BRD" : "invoice"}-${upload.filename}`;
    for (let n = 2; used.has(name); n += 1) name = `${folder}/${n}-${upload.kind}-${upload.filename}`;
    used.add(name);
    await add(name, stored.bytes);
  }
}
