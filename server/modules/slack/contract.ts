import { z } from "zod";

/*
 * /api/slack — the workspace's Slack install, its channel and notifications (owners manage it).
 * Imported by the web (web/src/features/slack/api.ts).
 */

/** The notifications the workspace can switch on and off (PRODUCT.md → Slack). */
export const SLACK_NOTIFICATION_KINDS = [
  "po_approval",
  "budget",
  "clickup_sync",
  "invoice_overdue",
  "capacity_digest",
  "timesheet",
] as const;
export const slackNotificationKindSchema = z.enum(SLACK_NOTIFICATION_KINDS);
export type SlackNotificationKind = z.infer<typeof slackNotificationKindSchema>;

export const SLACK_NOTIFICATION_LABELS: Record<SlackNotificationKind, string> = {
  po_approval: "PO waiting for approval",
  budget: "Budget submitted or approved",
  clickup_sync: "ClickUp sync failing",
  invoice_overdue: "Invoice overdue",
  capacity_digest: "Monday digest of people booked over capacity",
  timesheet: "Timesheet week submitted or rejected",
};

export const slackFailureSchema = z.object({
  eventKey: z.string(),
  kind: z.string(),
  text: z.string(),
  reason: z.string(),
  attempts: z.number().int(),
  at: z.string(),
});
export type SlackFailure = z.infer<typeof slackFailureSchema>;

export const slackStatusSchema = z
  .object({
    /** Whether this server can install Slack at all (a Slack app or the built-in simulator). */
    available: z.boolean(),
    simulated: z.boolean(),
    status: z.enum(["not_connected", "active", "disconnected"]),
    /** Why it is disconnected (revoked, uninstalled, disconnected by someone). */
    reason: z.string().nullable(),
    team: z.object({ id: z.string(), name: z.string() }).nullable(),
    channel: z.object({ id: z.string(), name: z.string() }).nullable(),
    notifications: z.array(
      z.object({ kind: slackNotificationKindSchema, label: z.string(), enabled: z.boolean() }),
    ),
    /** Notifications Slack refused or that could not be delivered, newest first. */
    failures: z.array(slackFailureSchema),
    /** The simulator's posted-messages page, when it stands in for Slack. */
    messagesUrl: z.string().nullable(),
  })
  .meta({ id: "SlackStatus" });
export type SlackStatus = z.infer<typeof slackStatusSchema>;

export const slackChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  isPrivate: z.boolean(),
});
export type SlackChannelView = z.infer<typeof slackChannelSchema>;

export const slackChannelsResponseSchema = z
  .object({ channels: z.array(slackChannelSchema) })
  .meta({ id: "SlackChannels" });
export type SlackChannelsResponse = z.infer<typeof slackChannelsResponseSchema>;

export const slackChannelRequestSchema = z.strictObject({
  channelId: z
    .string()
    .trim()
    .regex(/^[CG][A-Z0-9]{2,30}$/, "must be a Slack channel id (C… or G…)"),
});
export type SlackChannelRequest = z.infer<typeof slackChannelRequestSchema>;

export const slackNotificationsRequestSchema = z.strictObject({
  kind: slackNotificationKindSchema,
  enabled: z.boolean(),
});
export type SlackNotificationsRequest = z.infer<typeof slackNotificationsRequestSchema>;

export const slackCallbackQuerySchema = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});
export type SlackCallbackQuery = z.infer<typeof slackCallbackQuerySchema>;
