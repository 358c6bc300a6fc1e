import { resolveSchedule, sowTransition } from "@domain/sows";
import { formatMoney } from "@domain/money";
import { transaction } from "../../db/executor";
import { badRequest, conflict } from "../../lib/errors";
import type { MailMessage } from "../../mail/mailer";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { selectSender } from "../workspaces/repo";
import type { SendSow, SowDetail } from "./contract";
import { renderSowPdf, sowFileName } from "./export-sow-pdf";
import { readSow } from "./get-sow";
import { updateSowRow, updateVersionRow } from "./repo";
import { lockedSow, requireRowVersion } from "./sow-writes";

/** A mail with files attached (nodemailer's attachments; the mailer passes the message through). */
type MailWithAttachments = MailMessage & {
  attachments: { filename: string; content: Buffer; contentType: string }[];
};

/**
 * Send the draft version of a SOW to its client: it is marked sent (when, by whom, to whom; one
 * finance audit row), then its PDF is e-mailed through the app's mailer to `to` or the client's
 * e-mail (400 naming `to` when there is neither). The mail goes last in the transaction: when it
 * fails, the SOW stays a draft. 409 with the reason when it is not a draft, has no payment
 * schedule adding up to the fee, or is stale.
 */
export async function sendSow(ctx: RequestContext, sowId: string, input: SendSow): Promise<SowDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedSow(tx, ctx, sowId);
    const step = sowTransition(head.status, "send");
    if (!step.ok) throw conflict(step.reason);
    requireRowVersion(head, input.baseRowVersion);
    const before = await readSow(tx, ctx, sowId);
    const schedule = resolveSchedule(
      before.shownFeeMinor,
      before.schedule.map((e) =>
        e.percentBp !== null ? { percentBp: e.percentBp } : { amountMinor: e.amountMinor },
      ),
      before.currency,
      { requireEntries: true },
    );
    if (!schedule.ok || before.shownFeeMinor <= 0) {
      throw conflict(
        "This statement of work cannot be sent yet: give it a fee and a payment schedule that adds up to it.",
      );
    }
    const to = input.to ?? before.client.email;
    if (!to) {
      throw badRequest("to: the client has no e-mail address: give the address to send it to", [
        { field: "to", message: "is required: the client has no e-mail address" },
      ]);
    }
    const now = ctx.deps.now();
    await updateVersionRow(tx, ctx.organizationId, sowId, head.current_version, {
      status: "sent",
      sentAt: now,
      updatedAt: now,
    });
    await updateSowRow(tx, ctx.organizationId, sowId, {
      status: step.to,
      sentAt: now,
      sentBy: ctx.userId === "system" ? null : ctx.userId,
      sentTo: to,
      updatedAt: now,
    });
    await recordChange(ctx, tx, {
      object: "sow",
      id: sowId,
      action: "sent",
      before: { number: before.displayNumber, status: head.status, version: head.current_version },
      after: { number: before.displayNumber, status: step.to, version: head.current_version, sentTo: to },
      category: "finance",
    });
    const sow = await readSow(tx, ctx, sowId);
    const sender = await selectSender(tx, ctx.organizationId);
    const seller = sender.name;
    const pdf = await renderSowPdf(sow, { sender, generatedAt: now });
    const greeting = sow.client.contactName ? `Hello ${sow.client.contactName},` : "Hello,";
    const note = input.message ? `${input.message}\n\n` : "";
    const version = sow.version > 1 ? ` (version ${sow.version})` : "";
    const message: MailWithAttachments = {
      to,
      subject: `Statement of work ${sow.displayNumber}${version} from ${seller}`,
      text:
        `${greeting}\n\n${note}Please find attached statement of work ${sow.displayNumber}${version}, ` +
        `“${sow.title}”, for a fee of ${formatMoney(sow.shownFeeMinor, sow.currency)}.\n\n${seller}`,
      attachments: [
        { filename: sowFileName(sow), content: Buffer.from(pdf), contentType: "application/pdf" },
      ],
    };
    await ctx.deps.mailer.send(message);
    return sow;
  });
}
