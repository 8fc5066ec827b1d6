// /user-management — the project team: stat cards, the authorized users (polled every 5 s), add and remove.
import { Package, Shield, Trash2, UserPlus, UserSquare, Users } from "lucide-react";
import { useState } from "react";
import { PACKAGES } from "../../../shared/constants/packages";
import { ACCESS_EXPIRY_MESSAGES, accessExpired } from "../../../shared/domain/access-expiry";
import {
  ACCESS_LEVEL_DESCRIPTIONS,
  ACCESS_LEVEL_LABELS,
  accessAllows,
  MEMBER_ACCESS_LEVELS,
  type MemberAccessLevel,
} from "../../../shared/domain/project-access";
import { availableSlots, type ProjectUser, TEAM_MESSAGES } from "../../../shared/schemas/team";
import { EmptyState } from "../../components/kit/EmptyState";
import { PageHeader } from "../../components/layout/PageHeader";
import { NoProjectAlert } from "../../components/project/NoProjectAlert";
import { ProjectsLoadError } from "../../components/project/ProjectsLoadError";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { PendingButton } from "../../components/ui/pending-button";
import { Skeleton } from "../../components/ui/skeleton";
import { Tooltip } from "../../components/ui/tooltip";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDate } from "../../lib/date-time";
import { useSelectedProject } from "../projects/api/use-selected-project";
import { AddUserDialog } from "./AddUserDialog";
import { useProjectUsers } from "./api/get-project-users";
import { useRemoveProjectUser } from "./api/remove-project-user";
import { LeaveProjectButton } from "./LeaveProjectButton";

/** Someone invited onto the project (not its owner, not the company): they may leave it. */
function isInvitedMember(level: string | undefined): boolean {
  return (MEMBER_ACCESS_LEVELS as readonly (string | undefined)[]).includes(level);
}

function packageName(type: string | undefined): string {
  if (!type || !(type in PACKAGES)) return "Basic";
  const name = PACKAGES[type as keyof typeof PACKAGES].name;
  return name.charAt(0) + name.slice(1).toLowerCase();
}

export function UserManagementPage() {
  const { projects, selected } = useSelectedProject();
  const users = useProjectUsers(selected?.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProjectUser | null>(null);

  const count = users.data?.length ?? selected?.authorizedUsersCount ?? 0;
  const limit = selected?.userLimit ?? 5;
  const slots = availableSlots(limit, count);
  const canManage = accessAllows(selected?.accessLevel, "edit");
  // After the access expiry date invitations are closed (the server refuses them too): the notice below says why.
  const ended = Boolean(selected) && selected?.accessLevel !== "company" && accessExpired(selected, new Date());
  const addDisabled = !selected || !canManage || slots === 0 || ended;
  // Members who may not manage the team see no Add User at all (the notice below says who can).
  const addReason = !selected
    ? "Your project opens once the NDA is signed"
    : ended
      ? "Access to this project has ended"
      : slots === 0
        ? "No slots left in your package"
        : null;

  const addButton = (label = "Add User") => {
    const button = (
      <Button onClick={() => setAdding(true)} disabled={addDisabled}>
        <UserPlus aria-hidden="true" />
        {label}
      </Button>
    );
    return addReason ? (
      <Tooltip content={addReason}>
        <span className="inline-flex">{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  return (
    <>
      <PageHeader
        title="User Management"
        description="Invite your team to view and test the prototype, and choose what each person may do."
        actions={selected && !canManage ? undefined : addButton()}
      />

      {projects.isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only">Loading users</span>
          <div className="grid gap-4 sm:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      ) : projects.isError && !selected ? (
        <ProjectsLoadError onRetry={() => projects.refetch()} retrying={projects.isFetching} />
      ) : !selected ? (
        <NoProjectAlert message="Your project opens once your company profile is complete and the NDA signed; you can add your team once its prototype is ready." />
      ) : (
        <>
          <section aria-label="Team summary" className="mb-6 grid gap-4 sm:grid-cols-3">
            <StatCard icon={Users} label="Total Users" value={String(count)} note={`on ${selected.projectCode}`} />
            <StatCard
              icon={UserSquare}
              label="Available Slots"
              value={String(slots)}
              note={slots === 0 ? "All slots are in use" : `of ${limit} in your package`}
            />
            <StatCard
              icon={Package}
              label="Package Limit"
              value={String(limit)}
              note={`${packageName(selected.packageType)} package`}
            />
          </section>

          {ended && canManage && (
            <Alert variant="warning" className="mb-4" data-testid="invitations-closed">
              {ACCESS_EXPIRY_MESSAGES.invitationsClosed}
            </Alert>
          )}
          {!canManage && (
            <Alert variant="info" className="mb-4">
              You can see who has access to this project. Only the project owner and admins can add or remove users.
            </Alert>
          )}
          {isInvitedMember(selected.accessLevel) && (
            <div className="mb-4 flex justify-end">
              <LeaveProjectButton projectId={selected.id} projectCode={selected.projectCode} />
            </div>
          )}

          <Card>
            <CardHeader>
              <CardTitle>Authorized Users</CardTitle>
              <CardDescription>Everyone here signs in with their email and a one-time code.</CardDescription>
            </CardHeader>
            <CardContent>
              {users.isLoading ? (
                <div className="grid gap-3" aria-busy="true">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} className="h-16" />
                  ))}
                </div>
              ) : users.isError ? (
                <div className="flex flex-col items-center gap-3 py-8 text-center">
                  <p className="text-slate-700">The users could not be loaded.</p>
                  <Button variant="outline" onClick={() => users.refetch()}>
                    Retry
                  </Button>
                </div>
              ) : (users.data ?? []).length === 0 ? (
                <EmptyState
                  icon={Users}
                  tone="muted"
                  title="No users added yet"
                  titleAs="p"
                  description="Add the colleagues and stakeholders who should test the prototype. Each gets an email invitation."
                  className="py-10"
                >
                  {canManage && addButton("Add First User")}
                </EmptyState>
              ) : (
                <ul className="divide-y divide-slate-200">
                  {(users.data ?? []).map((user) => (
                    <UserRow key={user.id} user={user} canManage={canManage} onRemove={() => setRemoving(user)} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <AddUserDialog projectId={selected.id} open={adding} onOpenChange={setAdding} slotsLeft={slots} />
          <RemoveUserDialog projectId={selected.id} user={removing} onClose={() => setRemoving(null)} />
        </>
      )}
    </>
  );
}

function StatCard(props: { icon: typeof Users; label: string; value: string; note: string }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 pt-5">
        <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <props.icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm font-medium text-slate-600">{props.label}</p>
          <p className="text-2xl font-bold text-slate-900">{props.value}</p>
          <p className="text-xs text-slate-500">{props.note}</p>
        </div>
      </CardContent>
    </Card>
  );
}

const BADGE: Record<MemberAccessLevel, "default" | "secondary" | "outline"> = {
  admin: "default",
  user: "secondary",
  view_only: "outline",
};

function UserRow({ user, canManage, onRemove }: { user: ProjectUser; canManage: boolean; onRemove: () => void }) {
  const added = formatDate(user.createdAt);
  return (
    <li className="flex items-center gap-3 py-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 uppercase">
        {user.email.charAt(0)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900" title={user.email}>
          {user.email}
        </p>
        <div className="mt-0.5 flex flex-wrap items-center gap-2">
          <p className="text-xs text-slate-500">Added on {added}</p>
          <AccessBadge level={user.accessLevel} className="sm:hidden" />
        </div>
      </div>
      <AccessBadge level={user.accessLevel} className="hidden sm:inline-flex" />
      {canManage && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${user.email}`}
          onClick={onRemove}
          className="text-slate-500 hover:text-red-600"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

function AccessBadge({ level, className }: { level: MemberAccessLevel; className?: string }) {
  return (
    <Tooltip content={ACCESS_LEVEL_DESCRIPTIONS[level]}>
      <Badge variant={BADGE[level]} className={cn(level === "admin" && "ring-1 ring-brand-300", className)} tabIndex={0}>
        {level === "admin" && <Shield className="size-3" aria-hidden="true" />}
        {ACCESS_LEVEL_LABELS[level]}
      </Badge>
    </Tooltip>
  );
}

function RemoveUserDialog({ projectId, user, onClose }: { projectId: string; user: ProjectUser | null; onClose: () => void }) {
  const remove = useRemoveProjectUser(projectId);
  const confirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        toast({ title: "User removed", description: `${user.email} no longer has access to this project.` });
        onClose();
      },
      onError: (error) => {
        const reason = serverMessage(error, "");
        toast({
          title: "Error",
          description: reason ? `${TEAM_MESSAGES.removeFailed}: ${reason}` : TEAM_MESSAGES.removeFailed,
          variant: "destructive",
        });
        onClose();
      },
    });
  };
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader
          title="Remove user?"
          description={user ? `${user.email} will lose access to this project at once.` : undefined}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <PendingButton variant="destructive" onClick={confirm} pending={remove.isPending} icon={Trash2}>
            {remove.isPending ? "Removing..." : "Remove"}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
