import { useState } from "react";
import { useWatch } from "react-hook-form";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { formErrorMessage, SERVER_ERROR, useZodForm } from "@/lib/form";
import { twoFactorCodeFormSchema, verifyTwoFactor } from "./auth-api";
import { FormError } from "@/components/ui/text-field";

/** The second step of a sign-in with two-factor authentication: an app code or a recovery code. */
export function TwoFactorForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const form = useZodForm(twoFactorCodeFormSchema, { defaultValues: { code: "" } });
  const { errors, isSubmitting: busy } = form.formState;
  const code = useWatch({ control: form.control, name: "code" });

  const submit = form.handleSubmit(async (values) => {
    try {
      await verifyTwoFactor(values.code, kind);
      onVerified();
    } catch (err) {
      form.setError(SERVER_ERROR, {
        message: err instanceof ApiError ? err.message : "Authentication failed",
      });
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Two-factor authentication">
      <div className="flex items-center gap-2">
        <ShieldCheck className="size-5 text-primary" aria-hidden />
        <h2 className="text-lg font-semibold">Two-factor authentication</h2>
      </div>
      <p className="text-sm text-muted-foreground">
        {kind === "totp"
          ? "Enter the 6-digit code from your authenticator app."
          : "Enter one of the recovery codes you saved when you turned on two-factor authentication."}
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="two-factor-code">{kind === "totp" ? "Authentication code" : "Recovery code"}</Label>
        <Input
          id="two-factor-code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={kind === "totp" ? "numeric" : "text"}
          {...form.register("code")}
          placeholder={kind === "totp" ? "123456" : "xxxxx-xxxxx"}
        />
      </div>
      <FormError message={formErrorMessage(errors, [])} />
      <Button type="submit" className="w-full" disabled={busy || !code.trim()}>
        {busy ? <Spinner className="size-4" /> : null} Verify
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setKind(kind === "totp" ? "backup" : "totp");
            form.reset({ code: "" });
          }}
        >
          {kind === "totp" ? "Use a recovery code" : "Use the authenticator app"}
        </button>
        <button type="button" className="text-muted-foreground hover:underline" onClick={onCancel}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
