import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api";
import { requestPasswordReset, resetPassword } from "./auth-api";
import { MESSAGES } from "@domain/messages";
import { FormError, TextField } from "@/components/ui/text-field";

/** 'Forgot password?': mails a reset link (the same answer whether or not the address has an account). */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return setError("Please enter your email");
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MESSAGES.signIn.unexpected);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Reset password">
      <h2 className="text-lg font-semibold">Reset your password</h2>
      {sent ? (
        <p className="text-sm text-muted-foreground" role="status">
          If an account exists for {email.trim()}, a link to choose a new password is on its way. It is valid
          for one hour.
        </p>
      ) : (
        <>
          <TextField
            id="reset-email"
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </>
      )}
      <button type="button" className="text-sm text-primary hover:underline" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}

/** The page the mailed reset link lands on (/auth?mode=reset&token=…). */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password.length < 8) return setError("Use at least 8 characters");
    if (password !== confirm) return setError("The passwords do not match");
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      toast.success("Password changed", { description: "Sign in with your new password." });
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MESSAGES.signIn.unexpected);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Choose a new password">
      <h2 className="text-lg font-semibold">Choose a new password</h2>
      <TextField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        id="confirm-password"
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Saving..." : "Save new password"}
      </Button>
    </form>
  );
}
