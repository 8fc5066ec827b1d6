// Turns a profile row into the API shape (dates as ISO strings).
import type { Profile } from "../../../shared/schemas/profile";
import type { profiles } from "../../db/schema";

export type ProfileRow = typeof profiles.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toProfileDto(row: ProfileRow): Profile {
  return {
    id: row.id,
    userId: row.userId,
    fullName: row.fullName,
    company: row.company,
    jobTitle: row.jobTitle,
    phone: row.phone,
    companySize: row.companySize,
    industry: row.industry,
    companyAddress: row.companyAddress,
    companyWebsite: row.companyWebsite,
    primaryContact: row.primaryContact,
    packageType: row.packageType,
    budgetRange: row.budgetRange,
    timeline: row.timeline,
    billingName: row.billingName,
    billingAddress: row.billingAddress,
    billingCountry: row.billingCountry,
    billingRegion: row.billingRegion,
    billingTaxId: row.billingTaxId,
    profileCompleted: row.profileCompleted,
    ndaSigned: row.ndaSigned,
    ndaSignedAt: iso(row.ndaSignedAt),
    ndaStatus: row.ndaStatus,
    ndaApprovedAt: iso(row.ndaApprovedAt),
    requirementsSubmitted: row.requirementsSubmitted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
