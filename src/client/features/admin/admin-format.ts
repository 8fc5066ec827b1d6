// Small display helpers of the admin console (labels and badges from the shared rules).
import { PACKAGES, type PackageType } from "../../../shared/constants/packages";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from "../../../shared/domain/project-status";

export const STATUS_BADGE: Record<ProjectStatus, "secondary" | "default" | "warning" | "success"> = {
  profile: "secondary",
  requirements: "secondary",
  development: "default",
  testing: "warning",
  completed: "success",
};

export const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({ value: status, label: PROJECT_STATUS_LABELS[status] }));
export const STATUS_FILTER_OPTIONS = [{ value: "all", label: "All statuses" }, ...STATUS_OPTIONS];
export const PACKAGE_FILTER_OPTIONS = [
  { value: "all", label: "All packages" },
  ...(Object.keys(PACKAGES) as PackageType[]).map((type) => ({
    value: type,
    label: `${type[0]?.toUpperCase()}${type.slice(1)} (${PACKAGES[type].adminQuote.label})`,
  })),
];

export function packageLabel(type: PackageType): string {
  return `${type[0]?.toUpperCase()}${type.slice(1)} ${PACKAGES[type].adminQuote.label}`;
}
