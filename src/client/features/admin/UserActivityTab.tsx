// User Activity tab: every customer, what they have done, and a reminder for leads whose profile is incomplete. An
// invited member is shown as a member of their projects, with their level, and is never offered a reminder.
import { Mail } from "lucide-react";
import { useState } from "react";
import { ACCESS_LEVEL_LABELS } from "../../../shared/domain/project-access";
import { ACTIVITY_LABELS, ACTIVITY_STATUSES, ADMIN_MESSAGES, type UserActivity } from "../../../shared/schemas/admin";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog, DialogContent, DialogHeader } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-time";
import { useListState } from "../../lib/use-list-state";
import { useUserActivity } from "./api/get-user-activity";
import { useSendProfileReminder } from "./api/send-profile-reminder";
import { useShowProjects } from "./console-state";
import { FilteredTabHeader } from "./FilteredTabHeader";
import { CustomerProfilePanel } from "./ProjectDetailsDialog";

const ACTIVITY_BADGE = { has_project: "success", member: "default", has_profile: "warning", login: "secondary" } as const;

/** "Member of PRJ-2026-0001 (View Only), PRJ-2026-0002 (User)". */
function membershipLine(user: UserActivity): string {
  return `Member of ${user.memberships
    .map((membership) => `${membership.projectCode} (${ACCESS_LEVEL_LABELS[membership.accessLevel]})`)
    .join(", ")}`;
}

function activityLine(user: UserActivity): string {
  if (user.projectCode) return user.projectCode;
  if (user.activityStatus === "member") return membershipLine(user);
  return user.hasProfile ? (user.profileCompleted ? "Profile complete" : "Profile incomplete") : "No profile yet";
}
const ACTIVITY_OPTIONS = [
  { value: "all", label: "All users" },
  ...Object.entries(ACTIVITY_LABELS).map(([value, label]) => ({ value, label })),
];

const LIST = { activity: ["all", ...ACTIVITY_STATUSES] } as const;

export function UserActivityTab() {
  const { state, set } = useListState(LIST, { scope: "activity" });
  const activity = useUserActivity({ activityStatus: state.activity, page: state.page });
  const [profileOf, setProfileOf] = useState<UserActivity | null>(null);
  const showProjects = useShowProjects();
  const remind = useSendProfileReminder();

  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <FilteredTabHeader
          title="User Activity"
          filter={{
            label: "Activity filter",
            value: state.activity,
            onChange: (activity) => set({ activity }),
            options: ACTIVITY_OPTIONS,
          }}
        />
        <ListState
          isLoading={activity.isLoading}
          error={activity.error}
          isEmpty={activity.data?.items.length === 0}
          emptyText={ADMIN_MESSAGES.noUserActivity}
          onRetry={() => activity.refetch()}
        >
          <ul className="divide-y divide-slate-100">
            {activity.data?.items.map((user) => (
              <li key={user.id} className="flex flex-col gap-2 py-3 md:flex-row md:items-center">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {[user.firstName, user.lastName].filter(Boolean).join(" ") || user.email}
                    <Badge variant={ACTIVITY_BADGE[user.activityStatus]} className="ml-2">
                      {ACTIVITY_LABELS[user.activityStatus]}
                    </Badge>
                  </p>
                  <p className="truncate text-sm text-slate-600">
                    {user.email} · {user.company ?? "No company"} · joined {formatDate(user.createdAt)}
                  </p>
                  <p className="text-xs break-words text-slate-600" data-testid="activity-line">
                    {activityLine(user)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" disabled={!user.hasProfile} onClick={() => setProfileOf(user)}>
                    View Profile
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!user.projectCode && user.memberships.length === 0}
                    onClick={() => showProjects(user.projectCode ?? user.memberships[0]?.projectCode ?? "")}
                  >
                    View Project
                  </Button>
                  {!user.profileCompleted && user.activityStatus !== "member" && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="border-amber-300 text-amber-900"
                      disabled={remind.isPending}
                      onClick={() =>
                        remind.mutate(user.id, {
                          onSuccess: () =>
                            toast({
                              title: ADMIN_MESSAGES.reminderSent,
                              description: `${user.email} was asked to complete their profile.`,
                              variant: "success",
                            }),
                          onError: (error) =>
                            toast({
                              title: "Error",
                              description: serverMessage(error, "The reminder could not be sent."),
                              variant: "destructive",
                            }),
                        })
                      }
                    >
                      <Mail aria-hidden="true" />
                      Incomplete
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {activity.data && <Pager of={activity.data} onPage={(page) => set({ page })} />}
        </ListState>
      </CardContent>
      {profileOf && (
        <Dialog open onOpenChange={(open) => !open && setProfileOf(null)}>
          <DialogContent className="max-w-2xl">
            <DialogHeader title="Customer Profile" description={profileOf.email} />
            <CustomerProfilePanel userId={profileOf.id} />
          </DialogContent>
        </Dialog>
      )}
    </Card>
  );
}
