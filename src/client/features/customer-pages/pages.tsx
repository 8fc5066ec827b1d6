// Customer pages whose features are delivered by later issues: each page is titled and says what it is for.
import { SectionPlaceholder } from "../../components/layout/SectionPlaceholder";

export function TestingFeedbackPage() {
  return <SectionPlaceholder title="Testing & Feedback" description="Test the hosted prototype and send feedback to the team." />;
}
