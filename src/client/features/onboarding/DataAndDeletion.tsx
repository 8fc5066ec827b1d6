// Profile Settings → Your data (download everything as a ZIP) and the danger zone (delete the account, confirmed
// with a code emailed to the account's address and the word DELETE).
import { zodResolver } from "@hookform/resolvers/zod";
import { Download, Mail, ShieldAlert, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { sanitizeCodeInput } from "../../../shared/constants/auth";
import { ACCOUNT_MESSAGES, type DeleteAccountInput, deleteAccountSchema } from "../../../shared/schemas/account";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { toast } from "../../components/ui/use-toast";
import { ApiError, serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors } from "../../lib/form";
import { useDeleteAccount, useSendDeletionCode } from "../account/api/delete-account";
import { EXPORT_URL } from "../account/api/export-data";

function DataExportCard() {
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={Download}>Your data</CardIconTitle>
        <CardDescription>
          A ZIP with your profile, projects, answers, briefs, feedback, messages, meetings and activity, and your signed NDA,
          briefs, BRDs and invoices.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <a href={EXPORT_URL} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

function DeleteAccountDialog({
  email,
  open,
  onOpenChange,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [codeSent, setCodeSent] = useState(false);
  const sendCode = useSendDeletionCode();
  // The success toast is on the hook: signing out unmounts this dialog before a mutate callback would run.
  const remove = useDeleteAccount({
    onSuccess: () => toast({ title: "Account deleted", description: ACCOUNT_MESSAGES.deleted }),
  });
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { code: "", confirm: "" as DeleteAccountInput["confirm"] },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;

  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      setCodeSent(false);
    }
    onOpenChange(next);
  };
  const requestCode = () =>
    sendCode.mutate(undefined, {
      onSuccess: () => setCodeSent(true),
      onError: (error) =>
        toast({ title: "Error", description: serverMessage(error, "Could not send the code"), variant: "destructive" }),
    });
  const submit = form.handleSubmit((input) =>
    remove.mutate(input, {
      onSuccess: () => navigate("/", { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.code?.startsWith("CODE_")) {
          form.setError("code", { type: "server", message: serverMessage(error, "Invalid code") }, { shouldFocus: true });
          return;
        }
        if (setServerFieldErrors(form, serverFieldErrors(error)) > 0) return;
        toast({ title: "Error", description: serverMessage(error, "Could not delete your account"), variant: "destructive" });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader
          title="Delete your account?"
          description="Your profile, projects, answers, feedback and messages are erased and you are signed out everywhere. Signed NDAs and invoices are kept only as the law requires. On other people's projects, what you did stays under “Deleted user”, without your email, IP address or browser; documents already issued (sealed PDFs) are not rewritten."
        />
        {!codeSent ? (
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <PendingButton type="button" variant="destructive" onClick={requestCode} pending={sendCode.isPending} icon={Mail}>
              Email me a code
            </PendingButton>
          </DialogFooter>
        ) : (
          <form noValidate onSubmit={submit} className="grid gap-4">
            <Alert variant="info">
              {ACCOUNT_MESSAGES.deletionCodeSent} It went to {email}.
            </Alert>
            <Field id="delete-code" label="6-digit code" error={errors.code?.message}>
              {(control) => {
                const registered = form.register("code");
                return (
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    {...control}
                    {...registered}
                    onChange={(event) => {
                      event.target.value = sanitizeCodeInput(event.target.value);
                      return registered.onChange(event);
                    }}
                  />
                );
              }}
            </Field>
            <Field id="delete-confirm" label='Type "DELETE" to confirm' error={errors.confirm?.message}>
              {(control) => <Input autoComplete="off" {...control} {...form.register("confirm")} />}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <PendingButton type="submit" variant="destructive" pending={remove.isPending} icon={Trash2}>
                Delete my account
              </PendingButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DangerZone({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-300">
      <CardHeader>
        <div className="flex items-center gap-2">
          <ShieldAlert className="size-5 text-red-700" aria-hidden="true" />
          <CardTitle className="text-red-800">Danger zone</CardTitle>
        </div>
        <CardDescription>
          Deleting your account cannot be undone. Download your data first if you want to keep it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
        <DeleteAccountDialog email={email} open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  );
}

/** The Your data column of both Profile Settings pages (the owner's and an invited member's): export above deletion. */
export function YourDataColumn({ email }: { email: string }) {
  return (
    <div className="grid gap-6">
      <DataExportCard />
      <DangerZone email={email} />
    </div>
  );
}
