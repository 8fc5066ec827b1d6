// NDA Management tab: NDAs waiting for the company, each approved with a code sent to the admin's own email.
import { Send, ShieldCheck } from "lucide-react";
import type { PackageType } from "../../../shared/constants/packages";
import { ADMIN_MESSAGES } from "../../../shared/schemas/admin";
import { approveNdaSchema, NDA_MESSAGES, type PendingNda } from "../../../shared/schemas/nda";
import { ListState } from "../../components/kit/ListState";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-time";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { packageLabel } from "./admin-format";
import { useApproveNda } from "./api/approve-nda";
import { usePendingNdas } from "./api/get-pending-ndas";
import { useSendCompanyOtp } from "./api/send-company-otp";

export function NdaTab() {
  const pending = usePendingNdas();
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">NDA Management</h2>
        <ListState
          isLoading={pending.isLoading}
          error={pending.error}
          isEmpty={pending.data?.length === 0}
          emptyText={ADMIN_MESSAGES.noPendingNdas}
          onRetry={() => pending.refetch()}
        >
          <ul className="divide-y divide-slate-100">
            {pending.data?.map((nda) => (
              <PendingNdaRow key={nda.id} nda={nda} />
            ))}
          </ul>
        </ListState>
      </CardContent>
    </Card>
  );
}

/** One signed NDA waiting for approval: send the company code, then approve with it (the shared approval schema). */
function PendingNdaRow({ nda }: { nda: PendingNda }) {
  const sendOtp = useSendCompanyOtp();
  const approve = useApproveNda();
  const form = useSchemaForm(approveNdaSchema, { profileId: nda.id, otp: "" });
  const otpError = form.formState.errors.otp?.message;

  const send = () =>
    sendOtp.mutate(nda.id, {
      onSuccess: () =>
        toast({ title: NDA_MESSAGES.otpSentTitle, description: NDA_MESSAGES.companyOtpSentText, variant: "success" }),
      onError: (error) =>
        toast({
          title: NDA_MESSAGES.companyOtpSendFailedTitle,
          description: serverMessage(error, NDA_MESSAGES.companyOtpSendFailedText),
          variant: "destructive",
        }),
    });
  const submit = form.handleSubmit(
    async (input) => {
      try {
        await approve.mutateAsync(input);
        form.reset({ profileId: nda.id, otp: "" });
        toast({ title: NDA_MESSAGES.approvedTitle, description: NDA_MESSAGES.approvedText, variant: "success" });
      } catch (error) {
        setServerFieldErrors(form, serverFieldErrors(error));
        toast({
          title: NDA_MESSAGES.approvalFailedTitle,
          description: serverMessage(error, NDA_MESSAGES.invalidOtp),
          variant: "destructive",
        });
      }
    },
    () => toast({ title: NDA_MESSAGES.otpRequiredTitle, description: NDA_MESSAGES.otpRequiredText, variant: "destructive" }),
  );

  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-start" data-testid={`pending-nda-${nda.email}`}>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {nda.customerName ?? nda.email} · {nda.companyName ?? "—"}
        </p>
        <p className="text-sm text-slate-600">
          {nda.email} · {nda.packageType ? packageLabel(nda.packageType as PackageType) : "No package"} · signed{" "}
          {formatDate(nda.signedAt ?? nda.createdAt)}
        </p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
        <Button type="button" variant="outline" size="sm" onClick={send} disabled={sendOtp.isPending}>
          <Send aria-hidden="true" />
          Send OTP
        </Button>
        <Field label={`Company OTP for ${nda.email}`} labelClassName="sr-only" error={otpError} className="grid w-32 gap-1">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="6-digit code"
              {...form.register("otp")}
            />
          )}
        </Field>
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          <ShieldCheck aria-hidden="true" />
          Approve
        </Button>
      </form>
    </li>
  );
}
