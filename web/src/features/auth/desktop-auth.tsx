import { useState } from "react";
import { Link } from "react-router";
import { MESSAGES } from "@domain/messages";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api";
import { formErrorMessage, SERVER_ERROR, useZodForm } from "@/lib/form";
import {
  credentialsFormSchema,
  GOOGLE_NOT_CONFIGURED,
  signInWithPassword,
  signUpWithPassword,
  startGoogleSignIn,
} from "./auth-api";
import { GoogleButton } from "./google-button";
import { ForgotPasswordForm } from "./recovery-forms";
import { TwoFactorForm } from "./two-factor-form";
import { FormError, TextField } from "@/components/ui/text-field";

type View = "form" | "two-factor" | "forgot";

/** Desktop /auth (spec §2): e-mail and password, sign-in/sign-up toggle, Google, /terms and /privacy. */
export function DesktopAuth({
  googleConfigured,
  onSignedIn,
}: {
  googleConfigured: boolean | undefined;
  onSignedIn: () => Promise<void>;
}) {
  const [mode, setMode] = useState<"signin" | "signup">("signin");
  const [view, setView] = useState<View>("form");
  const [googleBusy, setGoogleBusy] = useState(false);
  const [googleNote, setGoogleNote] = useState<string | null>(null);
  const form = useZodForm(credentialsFormSchema, { defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || googleBusy;
  const error = formErrorMessage(errors, ["email"]);

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const result =
        mode === "signin"
          ? await signInWithPassword(email, password)
          : await signUpWithPassword(email, password);
      if (result.twoFactorRedirect) {
        setView("two-factor");
        return;
      }
      toast.success(
        mode === "signin" ? MESSAGES.signIn.signedInDesktop : MESSAGES.signIn.accountCreatedDesktop,
      );
      await onSignedIn();
    } catch (err) {
      const message =
        err instanceof ApiError
          ? err.message || MESSAGES.signIn.authFailedDesktop
          : MESSAGES.signIn.unexpectedDesktop;
      form.setError(SERVER_ERROR, { message });
      toast.error(message);
    }
  });

  async function google() {
    setGoogleNote(null);
    if (googleConfigured === false) {
      setGoogleNote(GOOGLE_NOT_CONFIGURED);
      return;
    }
    setGoogleBusy(true);
    try {
      await startGoogleSignIn({ mobile: false });
    } catch {
      setGoogleBusy(false);
      toast.error(MESSAGES.signIn.googleFailed);
      setGoogleNote(MESSAGES.signIn.googleFailed);
    }
  }

  return (
    <Card className="w-full max-w-md shadow-sm">
      {view === "two-factor" ? (
        <CardContent className="pt-6">
          <TwoFactorForm
            onVerified={() => {
              toast.success(MESSAGES.signIn.signedInDesktop);
              void onSignedIn();
            }}
            onCancel={() => setView("form")}
          />
        </CardContent>
      ) : view === "forgot" ? (
        <CardContent className="pt-6">
          <ForgotPasswordForm initialEmail={form.getValues("email")} onBack={() => setView("form")} />
        </CardContent>
      ) : (
        <>
          <CardHeader>
            <CardTitle className="text-2xl">
              {mode === "signin" ? "Sign in to Agency Hub" : "Create your account"}
            </CardTitle>
            <CardDescription>
              {mode === "signin"
                ? "Welcome back. Sign in with your work e-mail."
                : "Sign up with your work e-mail to plan projects, people and time."}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <form
              onSubmit={submit}
              className="space-y-4"
              noValidate
              aria-label={mode === "signin" ? "Sign in" : "Sign up"}
            >
              <TextField
                id="email"
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@agency.com"
                {...form.register("email")}
              />
              <TextField
                id="password"
                label="Password"
                labelAside={
                  mode === "signin" ? (
                    <button
                      type="button"
                      className="text-xs text-primary underline-offset-4 hover:underline"
                      onClick={() => setView("forgot")}
                    >
                      Forgot password?
                    </button>
                  ) : null
                }
                type="password"
                autoComplete={mode === "signin" ? "current-password" : "new-password"}
                {...form.register("password")}
              />
              <FormError message={error} />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? <Spinner className="size-4" /> : null}
                {mode === "signin" ? "Sign In" : "Sign Up"}
              </Button>
            </form>
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
            </div>
            <GoogleButton onClick={google} disabled={busy} />
            {googleNote ? (
              <p role="status" className="text-center text-sm text-muted-foreground">
                {googleNote}
              </p>
            ) : null}
            <p className="text-center text-sm text-muted-foreground">
              {mode === "signin" ? "Don't have an account? " : "Already have an account? "}
              <button
                type="button"
                className="font-medium text-primary underline-offset-4 hover:underline"
                onClick={() => {
                  setMode(mode === "signin" ? "signup" : "signin");
                  form.clearErrors();
                }}
              >
                {mode === "signin" ? "Sign up" : "Sign in"}
              </button>
            </p>
            <p className="text-center text-xs text-muted-foreground">
              By continuing you agree to the{" "}
              <Link to="/terms" className="underline underline-offset-4 hover:text-foreground">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="underline underline-offset-4 hover:text-foreground">
                Privacy Policy
              </Link>
              .
            </p>
          </CardContent>
        </>
      )}
    </Card>
  );
}
