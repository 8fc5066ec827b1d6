// Time Zone (the customer's Profile Settings card, the admin's dialog from the user menu): the zone every date and time
// is shown in, on every screen and in every email. It is stored from the browser the first time the app loads; here the
// user picks another from the runtime's IANA zones.
import { Globe } from "lucide-react";
import { useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import { matchingTimeZones, supportedTimeZones } from "../../../shared/domain/time-zones";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { TIME_ZONE_MESSAGES, timeZoneBodySchema } from "../../../shared/schemas/time-zone";
import { useSaveTimeZone } from "../../features/account/api/save-time-zone";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { browserTimeZone, formatMeetingTime, viewerTimeZone } from "../../lib/date-time";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from "../ui/card";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { PendingButton } from "../ui/pending-button";
import { Select } from "../ui/select";
import { toast } from "../ui/use-toast";

export const TIME_ZONE_DESCRIPTION = "Every date and time in the portal and in our emails is shown in this zone.";

const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

export function TimeZoneForm({ saved }: { saved: string }) {
  const save = useSaveTimeZone();
  const form = useSchemaForm(timeZoneBodySchema, { timeZone: saved });
  const [search, setSearch] = useState("");
  const zones = useMemo(() => supportedTimeZones(), []);
  const chosen = form.watch("timeZone");
  const options = useMemo(() => {
    const matching = matchingTimeZones(zones, search);
    // The chosen zone stays in the list (a Select shows only a listed value), even when the search hides it.
    const listed = chosen && !matching.includes(chosen) ? [chosen, ...matching] : matching;
    return listed.map((zone) => ({ value: zone, label: zoneLabel(zone) }));
  }, [zones, search, chosen]);
  const browser = browserTimeZone();
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    save.mutate(values.timeZone, {
      onSuccess: (stored) => {
        form.reset({ timeZone: stored.timeZone });
        setSearch("");
        toast({ title: TIME_ZONE_MESSAGES.saved, description: `Dates and times now show in ${zoneLabel(stored.timeZone)}.` });
      },
      onError: (error) => {
        setServerFieldErrors(form, serverFieldErrors(error));
        toast({ title: "Error", description: serverMessage(error, "Could not save your time zone"), variant: "destructive" });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="time-zone-search" label="Search time zones" hint="A city or region, e.g. New York">
          {(control) => (
            <Input
              {...control}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                // A search that leaves one zone chooses it: nothing else to pick.
                const [only, ...more] = matchingTimeZones(zones, event.target.value);
                if (event.target.value.trim() && only && more.length === 0 && only !== chosen) {
                  form.setValue("timeZone", only, { shouldDirty: true, shouldValidate: true });
                }
              }}
            />
          )}
        </Field>
        <Field id="time-zone" label="Time zone" hint="Region/City, as your browser names it" error={errors.timeZone?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => <Select {...control} value={field.value} onValueChange={field.onChange} options={options} />}
            />
          )}
        </Field>
      </div>
      <p className="text-sm text-slate-600" data-testid="time-zone-now">
        Now in {zoneLabel(viewerTimeZone())}: {formatMeetingTime(new Date().toISOString())}
      </p>
      <div className="flex flex-wrap gap-2">
        <PendingButton type="submit" pending={save.isPending} disabled={!form.formState.isDirty}>
          Save time zone
        </PendingButton>
        {chosen !== browser && (
          <Button
            type="button"
            variant="outline"
            className="h-auto min-h-10 whitespace-normal text-left"
            onClick={() => form.setValue("timeZone", browser, { shouldDirty: true, shouldValidate: true })}
          >
            Use this browser's zone: {zoneLabel(browser)}
          </Button>
        )}
      </div>
    </form>
  );
}

export function TimeZoneCard({ user }: { user: CurrentUser }) {
  const saved = user.timeZone ?? viewerTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={Globe}>Time Zone</CardIconTitle>
        <CardDescription>{TIME_ZONE_DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent>
        <TimeZoneForm key={saved} saved={saved} />
      </CardContent>
    </Card>
  );
}
