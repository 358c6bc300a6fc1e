import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import {
  slackChannelSchema,
  slackChannelsResponseSchema,
  slackStatusSchema,
  type SlackChannelRequest,
  type SlackNotificationsRequest,
} from "../../../../server/modules/slack/contract";

export * from "../../../../server/modules/slack/contract";

export const slackStatusKey = ["slack", "status"] as const;
const slackChannelsKey = ["slack", "channels"] as const;

/** Where "Add to Slack" goes: the server redirects to Slack's consent page with a signed state. */
export const SLACK_INSTALL_PATH = "/api/slack/install";

export function useSlackStatus() {
  return useQuery({
    queryKey: slackStatusKey,
    queryFn: () => apiFetch("/api/slack/status", slackStatusSchema),
  });
}

export function useSlackChannels(enabled: boolean) {
  return useQuery({
    queryKey: slackChannelsKey,
    queryFn: () => apiFetch("/api/slack/channels", slackChannelsResponseSchema),
    enabled,
    staleTime: 60_000,
  });
}

export function useChooseSlackChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SlackChannelRequest) =>
      apiFetch("/api/slack/channel", slackChannelSchema, { method: "PUT", json: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: slackStatusKey }),
  });
}

export function useSetSlackNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SlackNotificationsRequest) =>
      apiFetch("/api/slack/notifications", slackStatusSchema, { method: "PUT", json: input }),
    onSuccess: (status) => qc.setQueryData(slackStatusKey, status),
  });
}

export function useDisconnectSlack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch("/api/slack", slackStatusSchema, { method: "DELETE" }),
    onSuccess: (status) => {
      qc.setQueryData(slackStatusKey, status);
      qc.removeQueries({ queryKey: slackChannelsKey });
    },
  });
}
