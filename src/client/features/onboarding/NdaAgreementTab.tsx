// The NDA Agreement tab: read the agreement, tick the box, sign, and confirm with the emailed code.
import { Download, ExternalLink, FileText, Mail, ShieldCheck } from "lucide-react";
import { type FormEvent, useCallback, useId, useState } from "react";
import { CODE_LENGTH } from "../../../shared/constants/auth";
import { isoDay } from "../../../shared/domain/dates";
import { NDA_TERMS, NDA_TITLE, type NdaProvider, ndaPreamble, ndaSections } from "../../../shared/domain/nda-agreement";
import { ndaStatusDisplay } from "../../../shared/domain/nda-status";
import { canSendNdaCode, canVerifyNdaCode } from "../../../shared/domain/onboarding";
import { sanitizeCodeInput } from "../../../shared/schemas/auth";
import { NDA_MESSAGES } from "../../../shared/schemas/nda";
import type { Profile } from "../../../shared/schemas/profile";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { PendingButton } from "../../components/ui/pending-button";
import { toast } from "../../components/ui/use-toast";
import { ApiError, serverMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-time";
import { NDA_LINKS } from "./api/nda-documents";
import { useSendNdaCode } from "./api/send-nda-code";
import { useSignNda } from "./api/sign-nda";
import { SignaturePad, type SignatureValue } from "./SignaturePad";
import { UpdateNdaButton } from "./UpdateNdaButton";

/** Opens a document in a new tab; a blocked popup gets an error toast saying so (NDA_MESSAGES.popupBlocked). */
export function openDocument(url: string): void {
  const opened = window.open(url, "_blank");
  if (!opened) {
    toast({ title: "Error", description: NDA_MESSAGES.popupBlocked, variant: "destructive" });
    return;
  }
  opened.opener = null;
}

function NdaAgreementText({
  customerName,
  companyName,
  provider,
}: {
  customerName: string;
  companyName: string;
  provider: NdaProvider | null;
}) {
  // The same text the server signs: the profile's names, today's date and the company's legal details.
  const parties = { customerName, companyName, effectiveDate: isoDay(new Date()), provider };
  return (
    <section
      aria-label="Agreement text"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable text must be reachable by keyboard
      tabIndex={0}
      className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700"
    >
      <h3 className="mb-2 font-semibold text-slate-900">{NDA_TITLE}</h3>
      <p className="mb-3">{ndaPreamble(parties)}</p>
      {ndaSections(provider).map((section) => (
        <div key={section.heading} className="mb-3">
          <h4 className="font-semibold text-slate-900">{section.heading}</h4>
          <p>{section.body}</p>
        </div>
      ))}
    </section>
  );
}

function SignedNdaCard({ profile }: { profile: Profile }) {
  const status = ndaStatusDisplay(profile);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <ShieldCheck className="size-6 text-emerald-600" aria-hidden="true" />
          <CardTitle>Your NDA is signed</CardTitle>
          <Badge variant={status.key === "approved" ? "success" : "warning"}>{status.label}</Badge>
        </div>
        <CardDescription>
          {profile.ndaSignedAt ? `Signed on ${formatDate(profile.ndaSignedAt)}. ` : ""}
          {status.key === "approved"
            ? "Blueprint has approved it. Your idea is protected."
            : "Blueprint will approve it shortly; you will get an email when it is done."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => openDocument(NDA_LINKS.signed)}>
          <ExternalLink aria-hidden="true" />
          View Signed NDA
        </Button>
        <Button asChild variant="secondary">
          <a href={NDA_LINKS.downloadSigned} download>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
        <UpdateNdaButton size="default" />
      </CardContent>
    </Card>
  );
}

export function NdaAgreementTab(props: { profile: Profile; email: string; onSigned: () => void }) {
  const { profile, email } = props;
  const [agreed, setAgreed] = useState(false);
  const [code, setCode] = useState("");
  const [signature, setSignature] = useState<SignatureValue>(null);
  const [codeSent, setCodeSent] = useState(false);
  const sendCode = useSendNdaCode();
  const sign = useSignNda();
  const ids = { agree: useId(), code: useId(), email: useId(), name: useId(), company: useId() };
  const onSignature = useCallback((value: SignatureValue) => setSignature(value), []);

  if (profile.ndaSigned) return <SignedNdaCard profile={profile} />;

  const customerName = profile.fullName ?? "";
  const companyName = profile.company ?? "";
  const canSend = canSendNdaCode({ email, customerName, companyName });
  const missingOtp = () =>
    toast({ title: NDA_MESSAGES.missingOtpTitle, description: NDA_MESSAGES.missingOtpText, variant: "destructive" });

  const onSend = () => {
    sendCode.mutate(
      { customerEmail: email, customerName, companyName },
      {
        onSuccess: (reply) => {
          setCodeSent(true);
          toast({ title: NDA_MESSAGES.otpSentTitle, description: reply.message });
        },
        onError: (error) => {
          const limited = error instanceof ApiError && error.status === 429;
          toast({
            title: "Error",
            description: limited ? serverMessage(error, NDA_MESSAGES.sendFailed) : NDA_MESSAGES.sendFailed,
            variant: "destructive",
          });
        },
      },
    );
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!canVerifyNdaCode(code)) {
      missingOtp();
      return;
    }
    if (!signature) {
      toast({ title: "Signature Required", description: NDA_MESSAGES.signatureRequired, variant: "destructive" });
      return;
    }
    sign.mutate(
      { customerEmail: email, customerOtp: code, signature: signature.dataUrl, signatureMethod: signature.method },
      {
        onSuccess: () => {
          toast({ title: NDA_MESSAGES.signedTitle, description: NDA_MESSAGES.signedText });
          props.onSigned();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "CODE_WRONG") {
            toast({ title: "Error", description: NDA_MESSAGES.invalidOtp, variant: "destructive" });
          } else {
            toast({
              title: NDA_MESSAGES.verificationFailedTitle,
              description: serverMessage(error, NDA_MESSAGES.verificationFailedText),
              variant: "destructive",
            });
          }
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <FileText className="size-6 text-brand-700" aria-hidden="true" />
          <CardTitle>Non-Disclosure Agreement</CardTitle>
          <Badge variant="secondary">{ndaStatusDisplay(profile).label}</Badge>
        </div>
        <CardDescription>
          Sign the NDA before you share your idea. It lasts {NDA_TERMS.durationSummary}, with a {NDA_TERMS.nonCompeteMonths}-month
          non-compete and {NDA_TERMS.survivalYears}-year confidentiality.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <NdaAgreementText customerName={customerName} companyName={companyName} provider={profile.ndaProvider ?? null} />
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => openDocument(NDA_LINKS.draft)}>
            <ExternalLink aria-hidden="true" />
            View as PDF
          </Button>
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={ids.email} label="Email" describedBy={`${ids.email}-hint`}>
            {(control) => <Input value={email} readOnly {...control} />}
          </Field>
          <Field id={ids.name} label="Full Name" describedBy={`${ids.email}-hint`}>
            {(control) => <Input value={customerName} readOnly {...control} />}
          </Field>
          <Field id={ids.company} label="Company" describedBy={`${ids.email}-hint`}>
            {(control) => <Input value={companyName} readOnly {...control} />}
          </Field>
          <p id={`${ids.email}-hint`} className="text-xs text-slate-500 sm:col-span-3">
            The code goes to the email you signed in with. Names come from your company profile.
          </p>
        </div>

        <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-4">
          <Checkbox id={ids.agree} checked={agreed} onCheckedChange={(value) => setAgreed(value === true)} />
          <Label htmlFor={ids.agree} className="leading-snug">
            I have read and agree to the terms of this Non-Disclosure Agreement, and I sign it on behalf of{" "}
            {companyName || "my company"}.
          </Label>
        </div>

        {agreed && (
          <form noValidate onSubmit={onVerify} className="grid gap-6">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-semibold text-slate-900">Your signature</legend>
              <SignaturePad defaultName={customerName} onChange={onSignature} />
            </fieldset>

            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-semibold text-slate-900">Confirm with a one-time code</legend>
              <div className="flex flex-wrap items-center gap-3">
                <PendingButton
                  type="button"
                  variant="secondary"
                  onClick={onSend}
                  pending={sendCode.isPending}
                  icon={Mail}
                  disabled={!canSend}
                >
                  {sendCode.isPending ? "Sending..." : codeSent ? "Resend OTP" : "Send OTP"}
                </PendingButton>
                {codeSent && <span className="text-sm text-slate-600">We emailed a 6-digit code to {email}.</span>}
              </div>
              <Field id={ids.code} label="OTP code" className="grid max-w-xs gap-2">
                {(control) => (
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={CODE_LENGTH}
                    placeholder="000000"
                    className="font-mono text-lg tracking-[0.4em]"
                    {...control}
                    value={code}
                    onChange={(event) => setCode(sanitizeCodeInput(event.target.value))}
                    onKeyDown={(event) => {
                      // The verify button is disabled while the code is empty, so Enter would do nothing: say why.
                      if (event.key === "Enter" && !canVerifyNdaCode(code)) {
                        event.preventDefault();
                        missingOtp();
                      }
                    }}
                  />
                )}
              </Field>
            </fieldset>

            {!signature && <Alert variant="info">Draw or type your signature above, then verify the code.</Alert>}

            <div className="flex justify-end">
              <PendingButton type="submit" size="lg" pending={sign.isPending} disabled={!canVerifyNdaCode(code)}>
                {sign.isPending ? "Verifying..." : "Verify & Sign NDA"}
              </PendingButton>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
