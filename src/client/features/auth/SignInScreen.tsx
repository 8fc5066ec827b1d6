// /auth and /admin: the two-step sign-in with an emailed one-time code.
// No router here: a visitor's /auth is its own small entry (auth-main.tsx), and the portal's router wraps this screen
// in SignInPage. Zod and the shared schemas load on the form's first focus (lazyResolver).
import { ArrowLeft, FileSignature, Loader2, Lock, Sparkles, Users } from "lucide-react";
import { type MouseEvent, useEffect, useLayoutEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { CODE_LENGTH, sanitizeCodeInput } from "../../../shared/constants/auth";
import { CODE_FIELD_CLEAR_DELAY_MS } from "../../../shared/constants/ui";
import type { RequestCodeInput } from "../../../shared/schemas/auth";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { isNetworkError, serverMessage } from "../../lib/api";
import type { TypedBeforeHydration } from "../../lib/hydrate-on-touch";
import { lazyResolver } from "../../lib/lazy-resolver";
import { useRequestSignInCode } from "./api/request-sign-in-code";
import { useVerifySignInCode } from "./api/verify-sign-in-code";
import { clearPendingSignIn, readPendingSignIn, savePendingSignIn } from "./pending-sign-in";
import { SIGN_IN_CLASSES as C } from "./sign-in-classes";

const requestCodeResolver = lazyResolver(() => import("./sign-in-resolvers").then((m) => m.requestCodeResolver));
const codeResolver = lazyResolver(() => import("./sign-in-resolvers").then((m) => m.codeResolver));
const preloadValidation = () => {
  requestCodeResolver.preload();
  codeResolver.preload();
};

/** The email step's fields; each one's name is also its autocomplete token. */
const EMAIL_STEP_FIELDS = [
  { name: "email", label: "Email Address", type: "email", placeholder: "you@company.com" },
  { name: "name", label: "Your Name", type: "text", placeholder: "Jane Smith" },
] as const;

const FEATURES = [
  { icon: Sparkles, title: "AI-powered requirements", text: "Answer a guided questionnaire and get a two-page brief." },
  { icon: Users, title: "Team collaboration", text: "Invite stakeholders to test the prototype and give feedback." },
  { icon: Lock, title: "Secure and professional", text: "One-time codes, no passwords, your idea kept confidential." },
  { icon: FileSignature, title: "Digital NDA signing", text: "Sign the NDA online before you share a single detail." },
];

export type SignInScreenProps = {
  /** Goes to the home page (the logo and "Back to Home"). */
  onHome: () => void;
  /** Runs once the session has started and the user is in the query cache. */
  onSignedIn: () => void;
  /** A visitor's pre-rendered /auth: what was typed before the screen's code arrived (auth-main.tsx). */
  typedBeforeHydration?: TypedBeforeHydration;
};

export function SignInScreen({ onHome, onSignedIn, typedBeforeHydration }: SignInScreenProps) {
  // A reload on the code step comes back to it (the request kept in session storage; auth-main.tsx then renders
  // instead of hydrating the pre-rendered email step).
  const [sentTo, setSentTo] = useState<RequestCodeInput | null>(readPendingSignIn);
  const [step, setStep] = useState<"email" | "code">(sentTo ? "code" : "email");
  const goHome = (event: MouseEvent) => {
    event.preventDefault();
    onHome();
  };

  const emailForm = useForm<RequestCodeInput>({
    resolver: requestCodeResolver,
    defaultValues: { email: "", name: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  // Registering the fields wrote the empty defaults into them; what was typed goes back before the browser paints.
  useLayoutEffect(() => {
    if (!typedBeforeHydration) return;
    const typed = typedBeforeHydration();
    if (typed.email) emailForm.setValue("email", typed.email);
    if (typed.name) emailForm.setValue("name", typed.name);
  }, [emailForm, typedBeforeHydration]);
  const codeForm = useForm<{ code: string }>({
    resolver: codeResolver,
    defaultValues: { code: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const requestCode = useRequestSignInCode({
    onSuccess: (reply, input) => {
      setSentTo(input);
      savePendingSignIn(input);
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
      clearPendingSignIn();
      toast({ title: "Welcome!", description: "You have been logged in successfully." });
      onSignedIn();
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
    // The code step replaces the email step: its one field takes the focus.
    codeForm.setFocus("code");
    const timer = setTimeout(() => codeForm.setValue("code", ""), CODE_FIELD_CLEAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step, codeForm]);

  const code = codeForm.watch("code");
  const emailErrors = emailForm.formState.errors;
  const codeError = codeForm.formState.errors.code?.message;

  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <a href="/" onClick={goHome} className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <img src="/favicon.svg" alt="" className="size-8" />
          Blueprint
        </a>
        <button type="button" className={C.ghostButton} onClick={onHome}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </button>
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

        <div className={C.card}>
          {step === "email" ? (
            <div key="email-step">
              <div className={C.cardHeader}>
                <h2 className="text-2xl font-bold text-slate-900 lg:sr-only">Sign in to Blueprint</h2>
                <h3 className={C.cardTitle}>Sign in to your portal</h3>
                <p className={C.cardDescription}>We'll email you a 6-digit code. No password needed.</p>
              </div>
              <div className={C.cardContent}>
                <form
                  noValidate
                  onFocus={preloadValidation}
                  className="grid gap-4"
                  onSubmit={emailForm.handleSubmit((values) => requestCode.mutate(values))}
                >
                  {EMAIL_STEP_FIELDS.map((field) => (
                    <Field key={field.name} id={field.name} label={field.label} error={emailErrors[field.name]?.message}>
                      {(control) => (
                        <input
                          type={field.type}
                          className={C.input}
                          autoComplete={field.name}
                          placeholder={field.placeholder}
                          {...control}
                          {...emailForm.register(field.name)}
                        />
                      )}
                    </Field>
                  ))}
                  <button type="submit" className={C.submitButton} disabled={requestCode.isPending}>
                    {requestCode.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                    {requestCode.isPending ? "Sending Code..." : "Send Login Code"}
                  </button>
                </form>
              </div>
            </div>
          ) : (
            <div key="code-step">
              <div className={C.cardHeader}>
                <h2 className="text-2xl font-bold text-slate-900">Enter Your Code</h2>
                <p className={C.cardDescription}>We sent a 6-digit code to {sentTo?.email}</p>
              </div>
              <div className={C.cardContent}>
                <form
                  noValidate
                  className="grid gap-4"
                  onSubmit={codeForm.handleSubmit((values) =>
                    verifyCode.mutate({ email: sentTo?.email ?? "", code: values.code }),
                  )}
                >
                  <Field id="code" label="6-digit code" error={codeError}>
                    {(control) => (
                      <input
                        type="text"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={CODE_LENGTH}
                        placeholder="000000"
                        className={C.codeInput}
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
                  <button type="submit" className={C.submitButton} disabled={code.length !== CODE_LENGTH || verifyCode.isPending}>
                    {verifyCode.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                    {verifyCode.isPending ? "Verifying..." : "Verify & Login"}
                  </button>
                  <div className="flex flex-col gap-1 sm:flex-row sm:justify-between">
                    <button
                      type="button"
                      className={C.linkButton}
                      disabled={requestCode.isPending}
                      onClick={() => sentTo && requestCode.mutate(sentTo)}
                    >
                      Didn't receive code? Resend
                    </button>
                    <button
                      type="button"
                      className={C.ghostButton}
                      onClick={() => {
                        // Back to the address the code went to, to correct it: the email step shows it again.
                        codeForm.reset({ code: "" });
                        clearPendingSignIn();
                        if (sentTo) emailForm.reset(sentTo);
                        setStep("email");
                      }}
                    >
                      Back to Email
                    </button>
                  </div>
                </form>
              </div>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
