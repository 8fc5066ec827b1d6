// NDA Management tab: NDAs waiting for the company, each approved with a code sent to the admin's own email, and the
// approved ones as a paged history (who signed when, who approved when).
import { Send, ShieldCheck } from "lucide-react";
import type { PackageType } from "../../../shared/constants/packages";
import { can } from "../../../shared/domain/staff-roles";
import { ADMIN_MESSAGES } from "../../../shared/schemas/admin";
import {
  approveNdaSchema,
  type CompanyNda,
  NDA_LIST_STATUSES,
  NDA_MESSAGES,
  type NdaListStatus,
} from "../../../shared/schemas/nda";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-time";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { useListState } from "../../lib/use-list-state";
import { useAuth } from "../auth/api/get-current-user";
import { packageLabel } from "./admin-format";
import { useApproveNda } from "./api/approve-nda";
import { useCompanyNdas } from "./api/get-company-ndas";
import { useSendCompanyOtp } from "./api/send-company-otp";
import { FilteredTabHeader } from "./FilteredTabHeader";

const OPTIONS = [
  { value: "pending", label: "Pending approval" },
  { value: "approved", label: "Approved" },
  { value: "all", label: "All NDAs" },
];

const EMPTY_TEXT: Record<NdaListStatus, string> = {
  pending: ADMIN_MESSAGES.noPendingNdas,
  approved: ADMIN_MESSAGES.noApprovedNdas,
  all: ADMIN_MESSAGES.noNdas,
};

const LIST = { status: NDA_LIST_STATUSES } as const;

export function NdaTab() {
  const { state, set } = useListState(LIST, { scope: "nda" });
  const ndas = useCompanyNdas(state.status, state.page);
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <FilteredTabHeader
          title="NDA Management"
          filter={{ label: "NDA status", value: state.status, onChange: (status) => set({ status }), options: OPTIONS }}
        />
        <ListState
          isLoading={ndas.isLoading}
          error={ndas.error}
          isEmpty={ndas.data?.items.length === 0}
          emptyText={EMPTY_TEXT[state.status]}
          onRetry={() => ndas.refetch()}
        >
          <ul className="divide-y divide-slate-100">
            {ndas.data?.items.map((nda) =>
              nda.status === "pending" ? <PendingNdaRow key={nda.id} nda={nda} /> : <ApprovedNdaRow key={nda.id} nda={nda} />,
            )}
          </ul>
          {ndas.data && <Pager of={ndas.data} onPage={(page) => set({ page })} />}
        </ListState>
      </CardContent>
    </Card>
  );
}

/** Who signed, as signed: the signer and the company, then the email and the package. */
function NdaSigner({ nda }: { nda: CompanyNda }) {
  return (
    <p className="font-medium text-slate-900">
      {nda.customerName ?? nda.email} · {nda.companyName ?? "—"}
    </p>
  );
}

const packageText = (nda: CompanyNda) => (nda.packageType ? packageLabel(nda.packageType as PackageType) : "No package");

/** One approved NDA in the history: who signed it when, and who approved it when (in the viewer's zone). */
function ApprovedNdaRow({ nda }: { nda: CompanyNda }) {
  return (
    <li className="flex flex-col gap-1 py-4" data-testid={`approved-nda-${nda.email}`}>
      <div className="flex flex-wrap items-center gap-2">
        <NdaSigner nda={nda} />
        <Badge variant="success">Approved</Badge>
      </div>
      <p className="text-sm text-slate-600">
        {nda.email} · {packageText(nda)} · signed {formatDateTime(nda.signedAt ?? nda.createdAt)}
      </p>
      <p className="text-sm text-slate-600">
        Approved {formatDateTime(nda.approvedAt)}
        {nda.approvedBy ? ` by ${nda.approvedBy}` : ""}
      </p>
    </li>
  );
}

/** One signed NDA waiting for approval: send the company code, then approve with it (the shared approval schema). */
function PendingNdaRow({ nda }: { nda: CompanyNda }) {
  const sendOtp = useSendCompanyOtp();
  const approve = useApproveNda();
  // Managers do not approve NDAs (shared/domain/staff-roles.ts): the row says who does.
  const mayApprove = can(useAuth().user?.staffRole, "nda");
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
        <NdaSigner nda={nda} />
        <p className="text-sm text-slate-600">
          {nda.email} · {packageText(nda)} · signed {formatDateTime(nda.signedAt ?? nda.createdAt)}
        </p>
      </div>
      {!mayApprove && <p className="text-sm text-slate-600">An owner or admin approves NDAs.</p>}
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2" hidden={!mayApprove}>
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
