// Profile Settings → Notifications: per kind, email each time, a daily digest, or off. Security emails (sign-in and
// confirmation codes) are not listed: they are always sent.
import { zodResolver } from "@hookform/resolvers/zod";
import { Bell } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MODE_LABELS,
  NOTIFICATION_MODES,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from "../../../shared/schemas/account";
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { PendingButton } from "../../components/ui/pending-button";
import { Select } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors } from "../../lib/form";
import { useNotificationPreferences } from "../account/api/get-notification-preferences";
import { useSaveNotificationPreferences } from "../account/api/save-notification-preferences";

const MODE_OPTIONS = NOTIFICATION_MODES.map((mode) => ({ value: mode, label: NOTIFICATION_MODE_LABELS[mode] }));

function NotificationForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const form = useForm<NotificationPreferences>({
    resolver: zodResolver(notificationPreferencesSchema),
    defaultValues: saved,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((choices) =>
    save.mutate(choices, {
      onSuccess: (stored) => {
        form.reset(stored);
        toast({ title: "Notifications saved", description: "Your email choices are saved." });
      },
      onError: (error) => {
        setServerFieldErrors(form, serverFieldErrors(error));
        toast({ title: "Error", description: serverMessage(error, "Could not save your choices"), variant: "destructive" });
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {NOTIFICATION_KINDS.map((kind) => (
          <Field
            key={kind}
            id={`notify-${kind}`}
            label={NOTIFICATION_KIND_LABELS[kind].label}
            hint={NOTIFICATION_KIND_LABELS[kind].hint}
            error={errors[kind]?.message}
          >
            {(control) => (
              <Controller
                control={form.control}
                name={kind}
                render={({ field }) => (
                  <Select {...control} value={field.value} onValueChange={field.onChange} options={MODE_OPTIONS} />
                )}
              />
            )}
          </Field>
        ))}
      </div>
      <p className="text-sm text-slate-600">
        Sign-in and confirmation codes are always emailed. Every other email has a one-click unsubscribe link.
      </p>
      <div>
        <PendingButton type="submit" pending={save.isPending} disabled={!form.formState.isDirty}>
          Save notifications
        </PendingButton>
      </div>
    </form>
  );
}

export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={Bell}>Notifications</CardIconTitle>
        <CardDescription>Choose which emails you get: each time, once a day in a digest, or not at all.</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.data ? (
          <NotificationForm saved={preferences.data} />
        ) : preferences.isError ? (
          <p className="text-sm text-red-700">{serverMessage(preferences.error, "Could not load your choices.")}</p>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
