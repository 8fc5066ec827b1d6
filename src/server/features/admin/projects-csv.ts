// GET /api/company/projects.csv: the filtered project list as a spreadsheet-safe CSV (RFC 4180, formula-guarded).
import { PACKAGES } from "../../../shared/constants/packages";
import { statusLabel } from "../../../shared/domain/project-status";
import type { ProjectListQuery } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";
import { adminProjectSelect, toAdminProjectDto } from "./list-admin-projects";
import { projectListOrder, projectListWhere } from "./project-filters";

/** The export is for a spreadsheet, not a backup: beyond this the admin narrows the filters. */
export const CSV_ROW_LIMIT = 100_000;

/**
 * One CSV cell. Text a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe
 * (OWASP "CSV injection"); quotes are doubled and cells with separators are quoted.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

const COLUMNS = [
  "Project Code",
  "Project Name",
  "Customer",
  "Customer Email",
  "Status",
  "Package",
  "Users",
  "User Limit",
  "Created",
  "Expected Completion",
  "Prototype URL",
  "Advance Amount",
  "Advance Currency",
  "Advance Received",
  "Balance Amount",
  "Balance Currency",
  "Balance Received",
  "Deployment Date",
  "Access Expiry",
  "BRD",
];

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

export async function exportProjectsCsv(db: Database, query: ProjectListQuery): Promise<string> {
  const rows = await adminProjectSelect(db)
    .where(await projectListWhere(db, query))
    .orderBy(...projectListOrder(query))
    .limit(CSV_ROW_LIMIT);
  // A byte-order mark so Excel reads the file as UTF-8 (names like Sørensen stay intact).
  let out = `\uFEFF${csvLine(COLUMNS)}`;
  for (const row of rows) {
    const p = toAdminProjectDto(row);
    out += csvLine([
      p.projectCode,
      p.projectName,
      p.customerName,
      p.customerEmail,
      statusLabel(p.status),
      PACKAGES[p.packageType].name,
      p.authorizedUsersCount,
      p.userLimit,
      day(p.createdAt),
      day(p.expectedCompletionDate),
      p.prototypeUrl,
      p.advancePaymentAmount,
      p.advancePaymentCurrency,
      day(p.advancePaymentReceivedDate),
      p.balancePaymentAmount ?? p.finalPaymentAmount,
      p.balancePaymentCurrency,
      day(p.balancePaymentReceivedDate),
      day(p.deploymentDate),
      day(p.customerAccessExpiryDate),
      p.brdDocumentName,
    ]);
  }
  return out;
}
