import { SectionPlaceholder } from "../../components/layout/SectionPlaceholder";

export function AdminPage() {
  return (
    <SectionPlaceholder
      title="System Admin"
      description="Projects, user activity, feedback, NDA approvals and meeting requests."
    />
  );
}
