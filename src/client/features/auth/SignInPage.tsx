// /auth and /admin: the two-step sign-in with an emailed one-time code (part 1 §2, §4, §5, §8).
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, FileSignature, Loader2, Lock, Sparkles, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { CODE_LENGTH } from "../../../shared/constants/auth";
import { CODE_FIELD_CLEAR_DELAY_MS } from "../../../shared/constants/ui";
import { codeSchema, type RequestCodeInput, requestCodeSchema, sanitizeCodeInput } from "../../../shared/schemas/auth";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { isNetworkError, serverMessage } from "../../lib/api";
import { useRequestSignInCode } from "./api/request-sign-in-code";
import { useVerifySignInCode } from "./api/verify-sign-in-code";

const codeFormSchema = z.object({ code: codeSchema });

const FEATURES = [
  { icon: Sparkles, title: "AI-powered requirements", text: "Answer a guided questionnaire and get a two-page brief." },
  { icon: Users, title: "Team collaboration", text: "Invite stakeholders to test the prototype and give feedback." },
  { icon: Lock, title: "Secure and professional", text: "One-time codes, no passwords, your idea kept confidential." },
  { icon: FileSignature, title: "Digital NDA signing", text: "Sign the NDA online before you share a single detail." },
];

export function SignInPage() {
  const [step, setStep] = useState<"email" | "code">("email");
  const [sentTo, setSentTo] = useState<RequestCodeInput | null>(null);
  const navigate = useNavigate();

  const emailForm = useForm<RequestCodeInput>({
    resolver: zodResolver(requestCodeSchema),
    defaultValues: { email: "", name: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const codeForm = useForm<{ code: string }>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const requestCode = useRequestSignInCode({
    onSuccess: (reply, input) => {
      setSentTo(input);
      setStep("code");
      toast({
        title: "Code sent!",
        description: reply.isDemoAccount ? "Demo account - use code 000000" : "Check your email for the 6-digit code.",
      });
    },
    onError: (error) => {
      toast({
        title: "Error",
        variant: "destructive",
        description: isNetworkError(error)
          ? "Failed to send code. Please try again."
          : serverMessage(error, "Failed to send code"),
      });
    },
  });

  const verifyCode = useVerifySignInCode({
    onSuccess: () => {
      toast({ title: "Welcome!", description: "You have been logged in successfully." });
      navigate("/", { replace: true });
    },
    onError: (error) => {
      toast({
        title: "Invalid code",
        variant: "destructive",
        description: isNetworkError(error)
          ? "Failed to verify code. Please try again."
          : serverMessage(error, "Please check your code and try again."),
      });
    },
  });

  useEffect(() => {
    if (step !== "code") return;
    const timer = setTimeout(() => codeForm.setValue("code", ""), CODE_FIELD_CLEAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step, codeForm]);

  const code = codeForm.watch("code");
  const emailErrors = emailForm.formState.errors;
  const codeError = codeForm.formState.errors.code?.message;

  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <img src="/favicon.svg" alt="" className="size-8" />
          Blueprint
        </Link>
        <Button variant="ghost" onClick={() => navigate("/")}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Button>
      </header>

      <main className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-6 pb-16 sm:px-6 lg:grid-cols-2">
        <section className="hidden lg:block" aria-labelledby="portal-heading">
          <h1 id="portal-heading" className="text-4xl font-bold tracking-tight text-slate-900">
            Your idea, a working prototype, in 48-96 hours.
          </h1>
          <p className="mt-4 max-w-md text-lg text-slate-600">
            Sign in to the Blueprint client portal to follow your build, test your prototype with your team and talk to us.
          </p>
          <ul className="mt-8 grid gap-5">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="text-sm text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <Card className="mx-auto w-full max-w-md">
          {step === "email" ? (
            <>
              <CardHeader>
                <h2 className="text-2xl font-bold text-slate-900 lg:sr-only">Sign in to Blueprint</h2>
                <CardTitle className="hidden lg:block">Sign in to your portal</CardTitle>
                <CardDescription>We'll email you a 6-digit code. No password needed.</CardDescription>
              </CardHeader>
              <CardContent>
                <form noValidate className="grid gap-4" onSubmit={emailForm.handleSubmit((values) => requestCode.mutate(values))}>
                  <Field id="email" label="Email Address" error={emailErrors.email?.message}>
                    {(control) => (
                      <Input
                        type="email"
                        autoComplete="email"
                        placeholder="you@company.com"
                        {...control}
                        {...emailForm.register("email")}
                      />
                    )}
                  </Field>
                  <Field id="name" label="Your Name" error={emailErrors.name?.message}>
                    {(control) => (
                      <Input autoComplete="name" placeholder="Jane Smith" {...control} {...emailForm.register("name")} />
                    )}
                  </Field>
                  <Button type="submit" size="lg" disabled={requestCode.isPending}>
                    {requestCode.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                    {requestCode.isPending ? "Sending Code..." : "Send Login Code"}
                  </Button>
                </form>
              </CardContent>
            </>
          ) : (
            <>
              <CardHeader>
                <h2 className="text-2xl font-bold text-slate-900">Enter Your Code</h2>
                <CardDescription>We sent a 6-digit code to {sentTo?.email}</CardDescription>
              </CardHeader>
              <CardContent>
                <form
                  noValidate
                  className="grid gap-4"
                  onSubmit={codeForm.handleSubmit((values) =>
                    verifyCode.mutate({ email: sentTo?.email ?? "", code: values.code }),
                  )}
                >
                  <Field id="code" label="6-digit code" error={codeError}>
                    {(control) => (
                      <Input
                        autoFocus
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={CODE_LENGTH}
                        placeholder="000000"
                        className="h-14 text-center font-mono text-2xl tracking-[0.5em]"
                        {...control}
                        {...codeForm.register("code", {
                          onChange: (event) => {
                            const digits = sanitizeCodeInput(event.target.value);
                            if (digits !== event.target.value)
                              codeForm.setValue("code", digits, { shouldValidate: codeForm.formState.isSubmitted });
                          },
                        })}
                      />
                    )}
                  </Field>
                  <Button type="submit" size="lg" disabled={code.length !== CODE_LENGTH || verifyCode.isPending}>
                    {verifyCode.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                    {verifyCode.isPending ? "Verifying..." : "Verify & Login"}
                  </Button>
                  <div className="flex flex-col gap-1 sm:flex-row sm:justify-between">
                    <Button
                      type="button"
                      variant="link"
                      disabled={requestCode.isPending}
                      onClick={() => sentTo && requestCode.mutate(sentTo)}
                    >
                      Didn't receive code? Resend
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      onClick={() => {
                        setStep("email");
                        codeForm.reset({ code: "" });
                      }}
                    >
                      Back to Email
                    </Button>
                  </div>
                </form>
              </CardContent>
            </>
          )}
        </Card>
      </main>
    </div>
  );
}
