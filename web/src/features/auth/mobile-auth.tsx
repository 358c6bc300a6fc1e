import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Mail, RefreshCw, Wifi, WifiOff } from "lucide-react";
import { MESSAGES } from "@domain/messages";
import {
  backoffSeconds,
  connectionStatusLabel,
  MAX_SIGN_IN_ATTEMPTS,
  signInBackoffMs,
  signInErrorMessage,
  type SignInFlowState,
} from "@domain/sign-in";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { BrandMark } from "@/features/landing/brand-mark";
import { ApiError, apiFetch } from "@/lib/api";
import { formErrorMessage, useZodForm } from "@/lib/form";
import { cn } from "@/lib/cn";
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
import { useOnline, useSlowConnection } from "./use-connection";
import { TextField } from "@/components/ui/text-field";
import { meResponseSchema } from "../../../../server/modules/session/contract";

/** Errors worth retrying: the request never got a real answer (network, timeout, 5xx, 522). */
function isConnectionError(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status >= 500 || err.status === 408;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mobile /auth (spec §2, §4, §8, §9): Google first, e-mail on request; a connection status line
 * (Connecting, Retrying (n/3), Connection Failed, Connected, Offline), a Slow Connection badge, and
 * Try Again. Connection failures are retried up to 3 times with min(1000 × 2^attempt, 5000) ms
 * backoff; ?mobile=true&retry=enabled (the Google return) triggers session recovery.
 */
export function MobileAuth({
  googleConfigured,
  recoverSession,
  signedIn,
  onSignedIn,
}: {
  googleConfigured: boolean | undefined;
  recoverSession: boolean;
  signedIn: boolean;
  onSignedIn: () => Promise<void>;
}) {
  const online = useOnline();
  const slow = useSlowConnection();
  const [view, setView] = useState<"google" | "email" | "two-factor" | "forgot">("google");
  const [mode, setMode] = useState<"signin" | "signup">("signin");
  const form = useZodForm(credentialsFormSchema, { defaultValues: { email: "", password: "" } });
  const [flow, setFlow] = useState<SignInFlowState>("idle");
  const [retry, setRetry] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const lastAction = useRef<(() => Promise<void>) | null>(null);
  const inProgress = flow === "connecting" || flow === "retrying";

  useEffect(() => {
    // A user arriving sets connected and resets the retry count (spec §4).
    if (signedIn) {
      setFlow("connected");
      setRetry(0);
    }
  }, [signedIn]);

  /** Runs a network step with the retry policy; returns its result, or throws after the last attempt. */
  const withRetries = useCallback(async <T,>(step: () => Promise<T>): Promise<T> => {
    setFlow("connecting");
    setRetry(0);
    for (let attempt = 0; ; attempt++) {
      try {
        return await step();
      } catch (err) {
        if (!isConnectionError(err) || attempt >= MAX_SIGN_IN_ATTEMPTS || !navigator.onLine) throw err;
        const ms = signInBackoffMs(attempt);
        setFlow("retrying");
        setRetry(attempt + 1);
        toast.info(MESSAGES.signIn.retrying(backoffSeconds(ms)));
        await sleep(ms);
      }
    }
  }, []);

  const fail = useCallback((err: unknown) => {
    if (isConnectionError(err)) {
      setFlow("failed");
      const text = signInErrorMessage(err, navigator.onLine);
      setMessage(text);
      toast.error(text);
    } else {
      setFlow("idle");
      const text =
        err instanceof ApiError ? err.message || MESSAGES.signIn.authFailed : MESSAGES.signIn.unexpected;
      setMessage(text);
      toast.error(text);
    }
  }, []);

  const recover = useCallback(async () => {
    lastAction.current = recover;
    setMessage(null);
    try {
      const me = await withRetries(async () => {
        try {
          return await apiFetch("/api/me", meResponseSchema);
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return null;
          throw err;
        }
      });
      if (me) {
        setFlow("connected");
        await onSignedIn();
      } else {
        setFlow("idle");
      }
    } catch (err) {
      fail(err);
    }
  }, [withRetries, onSignedIn, fail]);

  // ?mobile=true&retry=enabled (the return from Google) → session recovery.
  const recovered = useRef(false);
  useEffect(() => {
    if (recoverSession && !recovered.current) {
      recovered.current = true;
      void recover();
    }
  }, [recoverSession, recover]);

  // After failure, when the network returns and there is no user, attempt session recovery (spec §4).
  useEffect(() => {
    if (online && flow === "failed" && !signedIn) void recover();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);

  const signInWithEmail = form.handleSubmit(
    async ({ email, password }) => {
      const run = async () => {
        setMessage(null);
        try {
          const result = await withRetries(() =>
            mode === "signin" ? signInWithPassword(email, password) : signUpWithPassword(email, password),
          );
          if (result.twoFactorRedirect) {
            setFlow("idle");
            setView("two-factor");
            return;
          }
          setFlow("connected");
          setRetry(0);
          toast.success(mode === "signin" ? MESSAGES.signIn.signedIn : MESSAGES.signIn.accountCreated);
          await onSignedIn();
        } catch (err) {
          fail(err);
        }
      };
      lastAction.current = run;
      await run();
    },
    (errors) => setMessage(formErrorMessage(errors, ["email"]) ?? null),
  );

  async function emailSubmit(e: FormEvent) {
    e.preventDefault();
    if (!online) {
      setMessage(MESSAGES.signIn.noInternet);
      return;
    }
    await signInWithEmail();
  }

  async function google() {
    if (!online) {
      setMessage(MESSAGES.signIn.noInternet);
      return;
    }
    if (googleConfigured === false) {
      setMessage(GOOGLE_NOT_CONFIGURED);
      return;
    }
    const run = async () => {
      setMessage(null);
      try {
        await withRetries(() => startGoogleSignIn({ mobile: true }));
      } catch (err) {
        setFlow(isConnectionError(err) ? "failed" : "idle");
        setMessage(MESSAGES.signIn.googleFailed);
        toast.error(MESSAGES.signIn.googleFailed);
      }
    };
    lastAction.current = run;
    await run();
  }

  const status = connectionStatusLabel(flow, online, retry);

  return (
    <div className="flex min-h-dvh flex-col bg-background px-5 pt-10 pb-8">
      <div className="flex flex-col items-center gap-3 text-center">
        <BrandMark className="size-10" />
        <h1 className="text-2xl font-semibold">Agency Hub</h1>
        <p className="text-sm text-muted-foreground">Sign in to plan your projects, people and time.</p>
      </div>

      <div className="mt-6 flex min-h-7 flex-wrap items-center justify-center gap-2" aria-live="polite">
        {status ? (
          <span
            data-testid="connection-status"
            className={cn(
              "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium",
              !online || flow === "failed"
                ? "bg-destructive/10 text-destructive"
                : flow === "connected"
                  ? "bg-success/10 text-success"
                  : "bg-muted text-muted-foreground",
            )}
          >
            {online ? (
              <Wifi className="size-3.5" aria-hidden />
            ) : (
              <WifiOff className="size-3.5" aria-hidden />
            )}
            {status}
          </span>
        ) : null}
        {slow ? (
          <Badge variant="outline" className="border-warning text-warning">
            Slow Connection
          </Badge>
        ) : null}
      </div>
      {slow ? (
        <p className="mt-2 text-center text-xs text-muted-foreground">{MESSAGES.signIn.slowConnection}</p>
      ) : null}

      <div className="mx-auto mt-6 w-full max-w-sm flex-1 space-y-4">
        {view === "two-factor" ? (
          <TwoFactorForm
            onVerified={() => {
              setFlow("connected");
              toast.success(MESSAGES.signIn.signedIn);
              void onSignedIn();
            }}
            onCancel={() => setView("email")}
          />
        ) : view === "forgot" ? (
          <ForgotPasswordForm initialEmail={form.getValues("email")} onBack={() => setView("email")} />
        ) : view === "google" ? (
          <>
            <GoogleButton
              className="h-12 w-full gap-2 text-base"
              onClick={google}
              disabled={!online || inProgress}
            />
            <Button
              type="button"
              variant="ghost"
              className="w-full gap-2"
              onClick={() => {
                setView("email");
                setMessage(null);
              }}
            >
              <Mail className="size-4" aria-hidden /> Sign in with email instead
            </Button>
          </>
        ) : (
          <form
            onSubmit={emailSubmit}
            className="space-y-4"
            noValidate
            aria-label={mode === "signin" ? "Sign in" : "Sign up"}
          >
            <TextField
              id="m-email"
              label="Email"
              type="email"
              autoComplete="email"
              className="h-11"
              {...form.register("email")}
            />
            <TextField
              id="m-password"
              label="Password"
              type="password"
              className="h-11"
              autoComplete={mode === "signin" ? "current-password" : "new-password"}
              {...form.register("password")}
            />
            <Button type="submit" className="h-11 w-full" disabled={!online || inProgress}>
              {mode === "signin" ? "Sign In" : "Sign Up"}
            </Button>
            <div className="flex justify-between text-sm">
              <button
                type="button"
                className="text-primary hover:underline"
                onClick={() => setMode(mode === "signin" ? "signup" : "signin")}
              >
                {mode === "signin" ? "Create an account" : "I have an account"}
              </button>
              {mode === "signin" ? (
                <button
                  type="button"
                  className="text-muted-foreground hover:underline"
                  onClick={() => setView("forgot")}
                >
                  Forgot password?
                </button>
              ) : null}
            </div>
            <button
              type="button"
              className="w-full text-center text-sm text-primary hover:underline"
              onClick={() => {
                setView("google");
                setMessage(null);
              }}
            >
              Back to Google sign-in
            </button>
          </form>
        )}

        {message ? (
          <p role="alert" className="text-center text-sm text-destructive">
            {message}
          </p>
        ) : null}
        {flow === "failed" ? (
          <Button
            type="button"
            variant="outline"
            className="w-full gap-2"
            disabled={!online}
            onClick={() => void lastAction.current?.()}
          >
            <RefreshCw className="size-4" aria-hidden /> Try Again
          </Button>
        ) : null}
      </div>

      <p className="mt-8 text-center text-xs text-muted-foreground">
        <Link to="/terms" className="underline underline-offset-4">
          Terms
        </Link>{" "}
        ·{" "}
        <Link to="/privacy" className="underline underline-offset-4">
          Privacy
        </Link>
      </p>
    </div>
  );
}
