// The console's Team tab (issue 44 §1), owners only: the company's staff (name, email, role, status, last sign-in,
// projects owned), inviting a member (email, name, role with what each role may do), and per member a role change
// and deactivation or reactivation, each behind a confirmation. The server's refusal (the last active owner, an
// ADMIN_EMAILS owner, a customer's address) is shown where it happened.
import { Plus, ShieldCheck, UserCheck, UserMinus, Users } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../shared/domain/staff-roles";
import { type StaffInviteInput, type StaffMember, staffInviteSchema } from "../../../shared/schemas/staff";
import { ConfirmDialog } from "../../components/kit/ConfirmDialog";
import { FormDialog } from "../../components/kit/FormDialog";
import { ListState } from "../../components/kit/ListState";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-time";
import { useSchemaForm } from "../../lib/form";
import { useAuth } from "../auth/api/get-current-user";
import { useInviteStaff, useStaff, useUpdateStaff } from "./api/staff";

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

const STATUS_BADGES = {
  active: { label: "Active", variant: "success" },
  invited: { label: "Invited", variant: "secondary" },
  deactivated: { label: "Deactivated", variant: "danger" },
} as const;

export function TeamTab() {
  const staff = useStaff();
  const [inviting, setInviting] = useState(false);
  return (
    <Card className="min-w-0">
      <CardContent className="grid min-w-0 gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Users aria-hidden="true" className="size-5 text-brand-700" />
            Team
          </h2>
          <Button onClick={() => setInviting(true)}>
            <Plus aria-hidden="true" />
            Invite
          </Button>
        </div>
        <p className="text-sm text-slate-600">
          Who works in the console and what each may do. Owners manage the team; admins do everything else; managers work on
          projects without payments settings or NDA approval. The addresses in the server's ADMIN_EMAILS are always owners.
        </p>
        <ListState
          isLoading={staff.isLoading}
          error={staff.error}
          isEmpty={staff.data?.staff.length === 0}
          emptyText="No staff yet"
          onRetry={() => staff.refetch()}
        >
          <div className="hidden grid-cols-[minmax(0,3fr)_8.5rem_6.5rem_9.5rem_5rem_minmax(0,8.5rem)] gap-3 border-b border-slate-200 pb-2 text-xs font-medium uppercase tracking-wide text-slate-500 lg:grid">
            <span>Member</span>
            <span>Role</span>
            <span>Status</span>
            <span>Last sign-in</span>
            <span>Projects</span>
            <span className="text-right">Actions</span>
          </div>
          <ul className="grid gap-3 lg:gap-0" data-testid="staff-list">
            {staff.data?.staff.map((member) => (
              <StaffRow key={member.id ?? member.email} member={member} />
            ))}
          </ul>
        </ListState>
      </CardContent>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </Card>
  );
}

type Pending = { kind: "role"; role: StaffRole } | { kind: "active"; active: boolean };

function StaffRow({ member }: { member: StaffMember }) {
  const { user } = useAuth();
  const update = useUpdateStaff();
  const [pending, setPending] = useState<Pending | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const locked = member.fromConfig || member.id === null;
  const isMe = member.id === user?.id;
  const status = STATUS_BADGES[member.status];
  const apply = async () => {
    if (!pending || member.id === null) return;
    const patch = pending.kind === "role" ? { role: pending.role } : { active: pending.active };
    setRefusal(null);
    try {
      await update.mutateAsync({ id: member.id, patch });
      toast({ title: "Team updated", description: member.name ?? member.email, variant: "success" });
    } catch (error) {
      const message = serverMessage(error, "The change could not be saved.");
      setRefusal(message);
      toast({ title: "Not changed", description: message, variant: "destructive" });
      throw error;
    }
  };
  return (
    <li
      className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3 lg:grid-cols-[minmax(0,3fr)_8.5rem_6.5rem_9.5rem_5rem_minmax(0,8.5rem)] lg:items-center lg:rounded-none lg:border-0 lg:border-b lg:border-slate-100 lg:px-0"
      data-testid="staff-row"
      data-email={member.email}
    >
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">
          {member.name ?? member.email}
          {isMe && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
        </p>
        <p className="truncate text-sm text-slate-600" title={member.email}>
          {member.email}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm lg:block">
        <span className="text-slate-500 lg:hidden">Role:</span>
        {locked ? (
          <span className="inline-flex items-center gap-1 font-medium text-slate-800" title="Owner by ADMIN_EMAILS">
            <ShieldCheck aria-hidden="true" className="size-4 text-brand-700" />
            Owner
          </span>
        ) : (
          <Select
            aria-label={`Role of ${member.email}`}
            value={member.role}
            options={ROLE_OPTIONS}
            disabled={update.isPending}
            onValueChange={(value) => {
              if (value !== member.role) setPending({ kind: "role", role: value as StaffRole });
            }}
            className="h-9 w-36 lg:w-full"
          />
        )}
      </div>
      <div className="flex items-center gap-2 text-sm">
        <span className="text-slate-500 lg:hidden">Status:</span>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        <span className="text-slate-500 lg:hidden">Last sign-in: </span>
        {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : "Never"}
      </p>
      <p className="text-sm text-slate-700">
        <span className="text-slate-500 lg:hidden">Projects owned: </span>
        {member.projectsOwned ?? "—"}
      </p>
      <div className="flex flex-wrap items-center gap-2 lg:justify-end">
        {locked ? (
          <span className="text-xs text-slate-500">Set in ADMIN_EMAILS</span>
        ) : member.status === "deactivated" ? (
          <Button variant="outline" size="sm" onClick={() => setPending({ kind: "active", active: true })}>
            <UserCheck aria-hidden="true" />
            Reactivate
          </Button>
        ) : (
          !isMe && (
            <Button variant="outline" size="sm" onClick={() => setPending({ kind: "active", active: false })}>
              <UserMinus aria-hidden="true" />
              Deactivate
            </Button>
          )
        )}
      </div>
      {refusal && (
        <p role="alert" className="text-sm text-red-700 lg:col-span-6" data-testid="staff-refusal">
          {refusal}
        </p>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.kind === "role"
            ? `Make ${member.name ?? member.email} ${STAFF_ROLE_LABELS[pending.role]}?`
            : pending?.active
              ? `Reactivate ${member.name ?? member.email}?`
              : `Deactivate ${member.name ?? member.email}?`
        }
        description={
          pending?.kind === "role"
            ? `${STAFF_ROLE_LABELS[pending.role]}: ${STAFF_ROLE_DESCRIPTIONS[pending.role]}`
            : pending?.active
              ? "They can sign in again with an emailed code, with the role they had."
              : "They are signed out everywhere at once and cannot sign in until an owner reactivates them."
        }
        confirmLabel={pending?.kind === "role" ? "Change role" : pending?.active ? "Reactivate" : "Deactivate"}
        pendingLabel="Saving..."
        destructive={pending?.kind === "active" && !pending.active}
        onConfirm={apply}
      />
    </li>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteStaff();
  const form = useSchemaForm(staffInviteSchema, { email: "", name: "", role: "manager" } as StaffInviteInput);
  const errors = form.formState.errors;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      onSubmit={async (values) => {
        const member = await invite.mutateAsync(values);
        toast({
          title: "Invitation sent",
          description: `${member.email} was emailed a sign-in link as ${STAFF_ROLE_LABELS[member.role]}.`,
          variant: "success",
        });
        onClose();
      }}
      title="Invite a staff member"
      description="They are emailed a link to sign in with this address; no password is needed."
      submitLabel="Send invitation"
      pendingLabel="Sending..."
      icon={<Plus aria-hidden="true" />}
      errorText="The invitation could not be sent."
      formLabel="Invite a staff member"
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
    >
      <Field label="Email" required error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="off" {...form.register("email")} />}
      </Field>
      <Field label="Name" required error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Role</legend>
            {STAFF_ROLES.map((role) => (
              <label
                key={role}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={field.name}
                  value={role}
                  checked={field.value === role}
                  onChange={() => field.onChange(role)}
                  className="mt-1 accent-brand-700"
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium text-slate-900">{STAFF_ROLE_LABELS[role]}</span>
                  <span className="text-sm text-slate-600">{STAFF_ROLE_DESCRIPTIONS[role]}</span>
                </span>
              </label>
            ))}
            {errors.role?.message && <p className="text-sm text-red-700">{errors.role.message}</p>}
          </fieldset>
        )}
      />
    </FormDialog>
  );
}
