import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Logger } from "../lib/logger";
import { newId } from "../lib/ids";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (a purchase order's PDF). */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mails land without SMTP (DATA_DIR/outbox), or null when SMTP is configured. */
  outboxDir: string | null;
}

/**
 * Mails go through SMTP when SMTP_URL is set; otherwise each one is written as an .eml file into
 * DATA_DIR/outbox/ (and the server logs the path) so sign-up, recovery and invitations work offline.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  const outboxDir = config.SMTP_URL ? null : path.join(config.dataDir, "outbox");
  const transport: Transporter = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    outboxDir,
    async send(message) {
      const info = (await transport.sendMail({ from: config.MAIL_FROM, ...message })) as {
        message?: Buffer;
        messageId?: string;
      };
      if (outboxDir) {
        fs.mkdirSync(outboxDir, { recursive: true });
        const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
        const file = path.join(outboxDir, `${Date.now()}-${safeTo}-${newId().slice(0, 8)}.eml`);
        fs.writeFileSync(file, info.message ?? Buffer.from(message.text));
        logger.info({ file, subject: message.subject }, "mail written to outbox (no SMTP_URL configured)");
      } else {
        logger.info({ messageId: info.messageId, subject: message.subject }, "mail sent");
      }
    },
  };
}

/** Mails in the outbox addressed to `to`, oldest first (tests and the offline demo read links from them). */
export function readOutbox(outboxDir: string, to?: string): { file: string; raw: string }[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => ({ file: path.join(outboxDir, f), raw: fs.readFileSync(path.join(outboxDir, f), "utf8") }))
    .filter((m) => !to || m.raw.toLowerCase().includes(`to: ${to.toLowerCase()}`));
}
