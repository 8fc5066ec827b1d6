// An invited member's Profile Settings: a personal profile (their name, time zone, email choices, data export and
// account deletion). No company form, NDA or completion figure: those are the owner's tasks, not theirs.
import { UserRound } from "lucide-react";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { DISPLAY_NAME_MESSAGES, displayNameBodySchema } from "../../../shared/schemas/display-name";
import { TimeZoneCard } from "../../components/account/TimeZoneCard";
import { PageHeader } from "../../components/layout/PageHeader";
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { useSaveName } from "../account/api/save-name";
import { YourDataColumn } from "./DataAndDeletion";
import { NotificationSettings } from "./NotificationSettings";

function NameForm({ saved }: { saved: string }) {
  const save = useSaveName();
  const form = useSchemaForm(displayNameBodySchema, { name: saved });
  const submit = form.handleSubmit((values) =>
    save.mutate(values.name, {
      onSuccess: (stored) => {
        form.reset({ name: stored.name });
        toast({ title: DISPLAY_NAME_MESSAGES.saved, description: `We will call you ${stored.name}.` });
      },
      onError: (error) => {
        setServerFieldErrors(form, serverFieldErrors(error));
        toast({ title: "Error", description: serverMessage(error, "Could not save your name"), variant: "destructive" });
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md">
      <Field id="personal-name" label="Your name" error={form.formState.errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register("name")} />}
      </Field>
      <div>
        <PendingButton type="submit" pending={save.isPending} disabled={!form.formState.isDirty}>
          Save name
        </PendingButton>
      </div>
    </form>
  );
}

export function PersonalProfile({ user }: { user: CurrentUser }) {
  return (
    <>
      <PageHeader title="Profile Settings" description="Your personal details and how the portal keeps in touch with you." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardIconTitle icon={UserRound}>Personal Profile</CardIconTitle>
              <CardDescription>
                You were invited to a project as a team member ({user.email}). The company profile and the NDA belong to the
                project's owner.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <NameForm key={user.name ?? ""} saved={user.name ?? ""} />
            </CardContent>
          </Card>
          <TimeZoneCard user={user} />
          <NotificationSettings />
        </div>
        <YourDataColumn email={user.email} />
      </div>
    </>
  );
}
