import { useState, type FormEvent } from "react";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { verifyTwoFactor } from "./auth-api";
import { FormError } from "@/components/ui/text-field";

/** The second step of a sign-in with two-factor authentication: an app code or a recovery code. */
export function TwoFactorForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await verifyTwoFactor(code, kind);
      onVerified();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Authentication failed");
    } finally {
      setBusy(false);
    }
  }

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
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={kind === "totp" ? "123456" : "xxxxx-xxxxx"}
        />
      </div>
      <FormError message={error} />
      <Button type="submit" className="w-full" disabled={busy || !code.trim()}>
        {busy ? <Spinner className="size-4" /> : null} Verify
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setKind(kind === "totp" ? "backup" : "totp");
            setCode("");
            setError(null);
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
