// NDA Management tab: NDAs waiting for the company, each approved with a code sent to the admin's own email.
import { Send, ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { PackageType } from "../../../shared/constants/packages";
import { ADMIN_MESSAGES } from "../../../shared/schemas/admin";
import { NDA_MESSAGES } from "../../../shared/schemas/nda";
import { ListState } from "../../components/kit/ListState";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-time";
import { packageLabel } from "./admin-format";
import { useApproveNda } from "./api/approve-nda";
import { usePendingNdas } from "./api/get-pending-ndas";
import { useSendCompanyOtp } from "./api/send-company-otp";

export function NdaTab() {
  const pending = usePendingNdas();
  const sendOtp = useSendCompanyOtp();
  const approve = useApproveNda();
  const [otp, setOtp] = useState<Record<string, string>>({});

  const send = (profileId: string) =>
    sendOtp.mutate(profileId, {
      onSuccess: () =>
        toast({ title: NDA_MESSAGES.otpSentTitle, description: NDA_MESSAGES.companyOtpSentText, variant: "success" }),
      onError: (error) =>
        toast({
          title: NDA_MESSAGES.companyOtpSendFailedTitle,
          description: serverMessage(error, NDA_MESSAGES.companyOtpSendFailedText),
          variant: "destructive",
        }),
    });
  const approveOne = (profileId: string) => {
    const code = (otp[profileId] ?? "").trim();
    if (!code) {
      toast({ title: NDA_MESSAGES.otpRequiredTitle, description: NDA_MESSAGES.otpRequiredText, variant: "destructive" });
      return;
    }
    approve.mutate(
      { profileId, otp: code },
      {
        onSuccess: () => {
          setOtp((o) => ({ ...o, [profileId]: "" }));
          toast({ title: NDA_MESSAGES.approvedTitle, description: NDA_MESSAGES.approvedText, variant: "success" });
        },
        onError: (error) =>
          toast({
            title: NDA_MESSAGES.approvalFailedTitle,
            description: serverMessage(error, NDA_MESSAGES.invalidOtp),
            variant: "destructive",
          }),
      },
    );
  };

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
              <li
                key={nda.id}
                className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center"
                data-testid={`pending-nda-${nda.email}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {nda.customerName ?? nda.email} · {nda.companyName ?? "—"}
                  </p>
                  <p className="text-sm text-slate-600">
                    {nda.email} · {nda.packageType ? packageLabel(nda.packageType as PackageType) : "No package"} · signed{" "}
                    {formatDate(nda.signedAt ?? nda.createdAt)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Button variant="outline" size="sm" onClick={() => send(nda.id)} disabled={sendOtp.isPending}>
                    <Send aria-hidden="true" />
                    Send OTP
                  </Button>
                  <Input
                    aria-label={`Company OTP for ${nda.email}`}
                    inputMode="numeric"
                    maxLength={6}
                    placeholder="6-digit code"
                    value={otp[nda.id] ?? ""}
                    onChange={(event) => setOtp((o) => ({ ...o, [nda.id]: event.target.value.replace(/\D/g, "") }))}
                    className="w-32"
                  />
                  <Button size="sm" onClick={() => approveOne(nda.id)} disabled={approve.isPending}>
                    <ShieldCheck aria-hidden="true" />
                    Approve
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </ListState>
      </CardContent>
    </Card>
  );
}
