import { Controller, useWatch } from "react-hook-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2, UserPlus, X } from "lucide-react";
import { canChangeRole, ROLES, type Role } from "@domain/permissions";
import { formatDateTime } from "@domain/format";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { guardForm } from "@/features/auth/auth-api";
import { currentWorkspace, sessionQueryKey, useSession } from "@/features/session/use-session";
import { ApiError, apiFetch, apiSend } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import {
  changeMemberRoleRequestSchema,
  createdInvitationSchema,
  invitationsResponseSchema,
  inviteFormSchema,
  membersResponseSchema,
  type ChangeMemberRoleRequest,
  type InviteMemberRequest,
} from "./api";
import { TextField } from "@/components/ui/text-field";

const ROLE_LABEL: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

function errorText(err: unknown, fallback: string) {
  return err instanceof ApiError ? err.message : fallback;
}

/** Members of the current workspace (canManageUsers): roles, removal, invitations (canInviteUsers). */
export function MembersPanel() {
  const session = useSession().data;
  const workspace = currentWorkspace(session);
  const myRole = workspace?.role;
  const canInvite = session?.permissions.canInviteUsers ?? false;
  const queryClient = useQueryClient();
  const membersKey = ["members", workspace?.id] as const;
  const invitesKey = ["invitations", workspace?.id] as const;
  const members = useQuery({
    queryKey: membersKey,
    queryFn: () => apiFetch("/api/members", membersResponseSchema),
    enabled: Boolean(workspace),
  });
  const invitations = useQuery({
    queryKey: invitesKey,
    queryFn: () => apiFetch("/api/invitations", invitationsResponseSchema),
    enabled: Boolean(workspace) && canInvite,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: membersKey });
    void queryClient.invalidateQueries({ queryKey: invitesKey });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };

  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string } & ChangeMemberRoleRequest) =>
      apiSend(`/api/members/${encodeURIComponent(userId)}`, { method: "PATCH", json: { role } }),
    onSuccess: () => {
      toast.success("Role updated");
      refresh();
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "Failed to update the role") }),
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      apiSend(`/api/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Member removed");
      refresh();
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "Failed to remove the member") }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiSend(`/api/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Invitation revoked");
      refresh();
    },
    onError: (err) =>
      toast.error("Error", { description: errorText(err, "Failed to revoke the invitation") }),
  });

  const list = members.data?.members ?? [];
  const ownerCount = list.filter((m) => m.role === "owner").length;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          Who can use {workspace?.name ?? "this workspace"} and with which role. Owners manage integrations;
          admins and owners manage people, finance and templates; members manage projects.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {canInvite ? <InviteForm myRole={myRole} onInvited={refresh} /> : null}

        {members.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : members.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(members.error, "Failed to load members")}
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Members">
            {list.map((m) => {
              const isLastOwner = m.role === "owner" && ownerCount <= 1;
              const editable = !isLastOwner && canChangeRole(myRole, m.role, m.role);
              return (
                <li key={m.userId} className="flex flex-wrap items-center gap-3 p-3">
                  <Avatar className="size-9">
                    <AvatarFallback className="text-xs">{m.initials}</AvatarFallback>
                  </Avatar>
                  <div className="min-w-0 flex-1">
                    <div className="truncate text-sm font-medium">
                      {m.displayName}
                      {m.userId === session?.user.id ? (
                        <span className="text-muted-foreground"> (you)</span>
                      ) : null}
                    </div>
                    <div className="truncate text-xs text-muted-foreground">{m.email}</div>
                  </div>
                  {editable ? (
                    <Select
                      value={m.role}
                      onValueChange={(role) =>
                        changeRole.mutate({
                          userId: m.userId,
                          ...changeMemberRoleRequestSchema.parse({ role }),
                        })
                      }
                      disabled={changeRole.isPending}
                    >
                      <SelectTrigger className="w-32" aria-label={`Role of ${m.displayName}`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {ROLES.filter((r) => canChangeRole(myRole, m.role, r)).map((r) => (
                          <SelectItem key={r} value={r}>
                            {ROLE_LABEL[r]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  ) : (
                    <Badge
                      variant="secondary"
                      title={isLastOwner ? "A workspace keeps at least one owner" : undefined}
                    >
                      {ROLE_LABEL[m.role]}
                    </Badge>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${m.displayName}`}
                    disabled={!editable || !canChangeRole(myRole, m.role, null) || remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(`Remove ${m.displayName} from ${workspace?.name ?? "the workspace"}?`)
                      ) {
                        remove.mutate(m.userId);
                      }
                    }}
                  >
                    <Trash2 className="size-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}

        {canInvite && (invitations.data?.invitations.length ?? 0) > 0 ? (
          <div className="space-y-2">
            <h3 className="text-sm font-medium">Pending invitations</h3>
            <ul className="divide-y rounded-md border" aria-label="Pending invitations">
              {invitations.data!.invitations.map((inv) => (
                <li key={inv.id} className="flex items-center gap-3 p-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <div className="truncate">{inv.email}</div>
                    <div className="text-xs text-muted-foreground">
                      {ROLE_LABEL[inv.role]} ·{" "}
                      {inv.status === "expired" ? "expired" : `expires ${formatDateTime(inv.expiresAt)}`}
                      {inv.invitedBy ? ` · invited by ${inv.invitedBy}` : ""}
                    </div>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => revoke.mutate(inv.id)}
                    disabled={revoke.isPending}
                    aria-label={`Revoke invitation of ${inv.email}`}
                  >
                    <X className="size-4" /> Revoke
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function InviteForm({ myRole, onInvited }: { myRole: Role | undefined; onInvited: () => void }) {
  const form = useZodForm(inviteFormSchema, { defaultValues: { email: "", role: "member" } });
  const email = useWatch({ control: form.control, name: "email" });
  const invite = useMutation({
    mutationFn: (values: InviteMemberRequest) => {
      guardForm("invite", { email: values.email });
      return apiFetch("/api/invitations", createdInvitationSchema, {
        method: "POST",
        json: { email: values.email.trim(), role: values.role },
      });
    },
    onSuccess: (_created, values) => {
      toast.success("Invitation sent", {
        description: `${values.email.trim()} will get an e-mail with a link to join.`,
      });
      form.setValue("email", "");
      onInvited();
    },
    onError: (err) => toast.error("Error", { description: errorText(err, "Failed to send the invitation") }),
  });
  const grantable = ROLES.filter((r) => canChangeRole(myRole, "member", r));

  const submit = form.handleSubmit((values) => {
    if (invite.isPending) return;
    invite.mutate(values);
  });

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Invite a member">
      <TextField
        id="invite-email"
        label="Invite by e-mail"
        fieldClassName="min-w-56 flex-1"
        type="email"
        placeholder="colleague@agency.com"
        {...form.register("email")}
      />
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger className="w-32" aria-label="Role of the invitee">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {grantable.map((r) => (
                <SelectItem key={r} value={r}>
                  {ROLE_LABEL[r]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <Button type="submit" disabled={invite.isPending || !email.trim()} className="gap-2">
        <UserPlus className="size-4" /> {invite.isPending ? "Sending..." : "Invite"}
      </Button>
    </form>
  );
}
