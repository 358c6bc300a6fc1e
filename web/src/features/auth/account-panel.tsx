import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import QRCode from "qrcode";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import {
  meResponseSchema,
  updateProfileRequestSchema,
  type UpdateProfileRequest,
} from "../../../../server/modules/session/contract";
import { sessionQueryKey, useSession } from "@/features/session/use-session";
import { ApiError, apiFetch, apiSend } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import {
  authorizationUrlSchema,
  backupCodesSchema,
  fetchAuthConfig,
  GOOGLE_NOT_CONFIGURED,
  guardForm,
  linkedAccountsSchema,
  passwordFormSchema,
  totpConfirmFormSchema,
  twoFactorEnrolmentSchema,
  type TwoFactorEnrolment,
} from "./auth-api";
import { TextField } from "@/components/ui/text-field";

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** Your account in /settings: names, two-factor authentication and linked sign-in identities. */
export function AccountPanel() {
  return (
    <div className="grid gap-6">
      <ProfileCard />
      <TwoFactorCard />
      <IdentitiesCard />
    </div>
  );
}

function ProfileCard() {
  const session = useSession().data;
  const queryClient = useQueryClient();
  const form = useZodForm(updateProfileRequestSchema, {
    defaultValues: { firstName: session?.user.firstName ?? "", lastName: session?.user.lastName ?? "" },
  });
  const save = useMutation({
    mutationFn: ({ firstName, lastName }: UpdateProfileRequest) => {
      guardForm("profile", { firstName, lastName });
      return apiFetch("/api/me", meResponseSchema, { method: "PUT", json: { firstName, lastName } });
    },
    onSuccess: (data) => {
      queryClient.setQueryData(sessionQueryKey, data);
      toast.success("Profile saved");
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "Failed to save the profile") }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your profile</CardTitle>
        <CardDescription>Your name as colleagues see it. Signed in as {session?.user.email}.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <TextField
            id="first-name"
            label="First name"
            fieldClassName="min-w-40 flex-1"
            maxLength={100}
            {...form.register("firstName")}
          />
          <TextField
            id="last-name"
            label="Last name"
            fieldClassName="min-w-40 flex-1"
            maxLength={100}
            {...form.register("lastName")}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TwoFactorCard() {
  const session = useSession().data;
  const queryClient = useQueryClient();
  const enabled = session?.user.twoFactorEnabled ?? false;
  const passwordForm = useZodForm(passwordFormSchema, { defaultValues: { password: "" } });
  const password = useWatch({ control: passwordForm.control, name: "password" });
  const clearPassword = () => passwordForm.reset({ password: "" });
  const codeForm = useZodForm(totpConfirmFormSchema, { defaultValues: { code: "" } });
  const code = useWatch({ control: codeForm.control, name: "code" });
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });

  useEffect(() => {
    if (!enrolment) return setQr(null);
    void QRCode.toDataURL(enrolment.totpURI, { margin: 1, width: 200 }).then(setQr);
  }, [enrolment]);

  const start = useMutation({
    mutationFn: () =>
      apiFetch("/api/auth/two-factor/enable", twoFactorEnrolmentSchema, {
        method: "POST",
        json: { password },
      }),
    onSuccess: (data) => {
      setEnrolment(data);
      clearPassword();
    },
    onError: (err) =>
      toast.error("Error", { description: errorText(err, "Could not start two-factor set-up") }),
  });
  const confirm = useMutation({
    mutationFn: () =>
      apiSend("/api/auth/two-factor/verify-totp", {
        method: "POST",
        json: { code: code.replace(/\s+/g, "") },
      }),
    onSuccess: async () => {
      setCodes(enrolment?.backupCodes ?? null);
      setEnrolment(null);
      codeForm.reset({ code: "" });
      await refresh();
      toast.success("Two-factor authentication is on");
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "That code did not match") }),
  });
  const disable = useMutation({
    mutationFn: () => apiSend("/api/auth/two-factor/disable", { method: "POST", json: { password } }),
    onSuccess: async () => {
      clearPassword();
      setCodes(null);
      await refresh();
      toast.success("Two-factor authentication is off");
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "Could not turn it off") }),
  });
  const regenerate = useMutation({
    mutationFn: () =>
      apiFetch("/api/auth/two-factor/generate-backup-codes", backupCodesSchema, {
        method: "POST",
        json: { password },
      }),
    onSuccess: (data) => {
      clearPassword();
      setCodes(data.backupCodes);
      toast.success("New recovery codes", { description: "The old ones no longer work." });
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "Could not create new codes") }),
  });

  const secret = enrolment ? new URL(enrolment.totpURI).searchParams.get("secret") : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          {enabled
            ? "On. Signing in asks for a code from your authenticator app (or a recovery code)."
            : "Off. Add a code from an authenticator app to every sign-in."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {enrolment ? (
          <div className="space-y-4">
            <p className="text-sm">Scan the QR code with your authenticator app, or type the secret.</p>
            <div className="flex flex-wrap items-center gap-6">
              {qr ? (
                <img src={qr} alt="QR code for the authenticator app" className="size-48 rounded border" />
              ) : null}
              <div className="space-y-2 text-sm">
                <div>
                  Secret:{" "}
                  <code className="rounded bg-muted px-1.5 py-0.5 break-all" data-testid="totp-secret">
                    {secret}
                  </code>
                </div>
                <form
                  className="flex items-end gap-2"
                  onSubmit={codeForm.handleSubmit(() => confirm.mutate())}
                >
                  <TextField
                    id="totp-confirm"
                    label="Code from the app"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    {...codeForm.register("code")}
                  />
                  <Button type="submit" disabled={confirm.isPending || !code.trim()}>
                    Verify
                  </Button>
                </form>
              </div>
            </div>
          </div>
        ) : (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={passwordForm.handleSubmit(() => {
              if (!enabled) start.mutate();
            })}
          >
            <TextField
              id="twofa-password"
              label="Your password"
              fieldClassName="min-w-56"
              type="password"
              autoComplete="current-password"
              {...passwordForm.register("password")}
            />
            {enabled ? (
              <>
                <Button
                  type="button"
                  variant="outline"
                  disabled={!password || regenerate.isPending}
                  onClick={() => regenerate.mutate()}
                >
                  New recovery codes
                </Button>
                <Button
                  type="button"
                  variant="destructive"
                  disabled={!password || disable.isPending}
                  onClick={() => disable.mutate()}
                >
                  Turn off
                </Button>
              </>
            ) : (
              <Button type="submit" disabled={!password || start.isPending}>
                Set up two-factor
              </Button>
            )}
          </form>
        )}
        {codes ? (
          <div className="space-y-2 rounded-md border bg-muted/40 p-3">
            <p className="text-sm font-medium">Recovery codes — keep them somewhere safe. Each works once.</p>
            <ul
              className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5"
              aria-label="Recovery codes"
            >
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function IdentitiesCard() {
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: ["auth-config"], queryFn: fetchAuthConfig, staleTime: Infinity });
  const accounts = useQuery({
    queryKey: ["auth-accounts"],
    queryFn: () => apiFetch("/api/auth/list-accounts", linkedAccountsSchema),
  });
  const google = accounts.data?.find((a) => a.providerId === "google");
  const hasPassword = accounts.data?.some((a) => a.providerId === "credential") ?? false;
  const link = useMutation({
    mutationFn: async () => {
      if (config.data?.google === false) throw new ApiError(400, "bad_request", GOOGLE_NOT_CONFIGURED);
      const res = await apiFetch("/api/auth/link-social", authorizationUrlSchema, {
        method: "POST",
        json: { provider: "google", callbackURL: "/settings?tab=account" },
      });
      if (res.url) window.location.assign(res.url);
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "Could not link Google") }),
  });
  const unlink = useMutation({
    mutationFn: () =>
      apiSend("/api/auth/unlink-account", {
        method: "POST",
        // better-auth identifies the account by its own row id, not Google's account id.
        json: { accountId: google?.id },
      }),
    onSuccess: () => {
      toast.success("Google unlinked");
      void queryClient.invalidateQueries({ queryKey: ["auth-accounts"] });
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "Could not unlink Google") }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in methods</CardTitle>
        <CardDescription>
          {hasPassword ? "E-mail and password" : "No password set"}
          {google ? " · Google linked" : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        {google ? (
          <Button
            variant="outline"
            onClick={() => unlink.mutate()}
            disabled={unlink.isPending || !hasPassword}
          >
            Unlink Google
          </Button>
        ) : (
          <Button variant="outline" onClick={() => link.mutate()} disabled={link.isPending}>
            Link Google
          </Button>
        )}
        {config.data?.google === false ? (
          <p className="text-sm text-muted-foreground">{GOOGLE_NOT_CONFIGURED}</p>
        ) : null}
        {google && !hasPassword ? (
          <p className="text-sm text-muted-foreground">
            Google is your only sign-in method, so it stays linked.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
