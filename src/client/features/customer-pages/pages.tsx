// Customer pages whose features are delivered by later issues: each page is titled and says what it is for.
import { SectionPlaceholder } from "../../components/layout/SectionPlaceholder";

export function DashboardPage() {
  return <SectionPlaceholder title="Dashboard" description="Your project's next step, progress and activity appear here." />;
}
export function ProfilePage() {
  return <SectionPlaceholder title="Profile Settings" description="Your company profile, package and NDA status." />;
}
export function OnboardingPage() {
  return <SectionPlaceholder title="Onboarding" description="Company setup, NDA agreement and prototype status." />;
}
export function TestingFeedbackPage() {
  return <SectionPlaceholder title="Testing & Feedback" description="Test the hosted prototype and send feedback to the team." />;
}
export function CommunicationsPage() {
  return <SectionPlaceholder title="Communications" description="Messages and scheduled meetings with the Blueprint team." />;
}
export function MeetingRequestsPage() {
  return <SectionPlaceholder title="Meeting Requests" description="Request a meeting and follow its status." />;
}
