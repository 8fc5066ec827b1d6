// Join Meeting on a customer's meeting card (Scheduled Meetings, Meeting Requests): the call opens in a new tab; a
// meeting still to come is the card's main action, a past one only a way back to its link.
import { Video } from "lucide-react";
import { NewTabButton } from "../ui/new-tab-link";

export function JoinMeetingButton(props: { link: string; upcoming: boolean; className: string }) {
  return (
    <NewTabButton
      href={props.link}
      icon={Video}
      size="sm"
      variant={props.upcoming ? "default" : "outline"}
      className={props.className}
    >
      Join Meeting
    </NewTabButton>
  );
}
