import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api";
import { formErrorMessage, SERVER_ERROR, useZodForm } from "@/lib/form";
import {
  forgotPasswordFormSchema,
  newPasswordFormSchema,
  requestPasswordReset,
  resetPassword,
} from "./auth-api";
import { MESSAGES } from "@domain/messages";
import { FormError, TextField } from "@/components/ui/text-field";

/** 'Forgot password?': mails a reset link (the same answer whether or not the address has an account). */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const form = useZodForm(forgotPasswordFormSchema, { defaultValues: { email: initialEmail } });
  const [sent, setSent] = useState(false);
  const { errors, isSubmitting: busy } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      form.setError(SERVER_ERROR, {
        message: err instanceof ApiError ? err.message : MESSAGES.signIn.unexpected,
      });
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Reset password">
      <h2 className="text-lg font-semibold">Reset your password</h2>
      {sent ? (
        <p className="text-sm text-muted-foreground" role="status">
          If an account exists for {form.getValues("email").trim()}, a link to choose a new password is on its
          way. It is valid for one hour.
        </p>
      ) : (
        <>
          <TextField id="reset-email" label="Email" type="email" {...form.register("email")} />
          <FormError message={formErrorMessage(errors, ["email"])} />
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
  const form = useZodForm(newPasswordFormSchema, { defaultValues: { password: "", confirm: "" } });
  const { errors, isSubmitting: busy } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword(token, password);
      toast.success("Password changed", { description: "Sign in with your new password." });
      onDone();
    } catch (err) {
      form.setError(SERVER_ERROR, {
        message: err instanceof ApiError ? err.message : MESSAGES.signIn.unexpected,
      });
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Choose a new password">
      <h2 className="text-lg font-semibold">Choose a new password</h2>
      <TextField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.register("password")}
      />
      <TextField
        id="confirm-password"
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        {...form.register("confirm")}
      />
      <FormError message={formErrorMessage(errors, ["password", "confirm"])} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Saving..." : "Save new password"}
      </Button>
    </form>
  );
}
