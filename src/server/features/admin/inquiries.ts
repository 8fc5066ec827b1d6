// The contact-form inquiries for the company: newest first, filtered by status, and marked answered or new again.
import { desc, eq, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import type { Inquiry, Page } from "../../../shared/schemas/admin";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { contactInquiries } from "../../db/schema";
import { notFound } from "../../errors";

type InquiryRow = typeof contactInquiries.$inferSelect;

function toInquiryDto(row: InquiryRow): Inquiry {
  return {
    id: row.id,
    form: row.form,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone ?? row.mobile,
    projectType: row.projectType,
    budget: row.budget,
    timeline: row.timeline,
    message: row.message ?? row.remarks,
    status: row.status,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInquiries(
  db: Database,
  query: { status: "all" | Inquiry["status"]; page: number; pageSize: number },
): Promise<Page<Inquiry>> {
  const where: SQL | undefined = query.status === "all" ? undefined : eq(contactInquiries.status, query.status);
  const [rows, [counted]] = await Promise.all([
    onePage(db.select().from(contactInquiries).where(where).orderBy(desc(contactInquiries.createdAt)).$dynamic(), query),
    db.select({ count: sql<number>`count(*)::int` }).from(contactInquiries).where(where),
  ]);
  return pageReply(rows.map(toInquiryDto), counted?.count ?? 0, query);
}

export async function setInquiryStatus(
  db: Database,
  { admin, id, status }: { admin: SessionUser; id: string; status: Inquiry["status"] },
) {
  if (!isUuid(id)) throw notFound("Inquiry not found");
  const [row] = await db
    .update(contactInquiries)
    .set(
      status === "answered"
        ? { status, answeredAt: new Date(), answeredBy: admin.id }
        : { status, answeredAt: null, answeredBy: null },
    )
    .where(eq(contactInquiries.id, id))
    .returning();
  if (!row) throw notFound("Inquiry not found");
  return toInquiryDto(row);
}
