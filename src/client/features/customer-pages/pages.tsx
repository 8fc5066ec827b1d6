// Customer pages whose features are delivered by later issues: each page is titled and says what it is for.
import { SectionPlaceholder } from "../../components/layout/SectionPlaceholder";

export { TestingFeedbackPage } from "../feedback/TestingFeedbackPage";
export function CommunicationsPage() {
  return <SectionPlaceholder title="Communications" description="Messages and scheduled meetings with the Blueprint team." />;
}
export function MeetingRequestsPage() {
  return <SectionPlaceholder title="Meeting Requests" description="Request a meeting and follow its status." />;
}
