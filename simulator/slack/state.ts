import { randomBytes } from "node:crypto";
import { createPrng, hashString } from "../clickup/prng";
import type {
  AuthCode,
  IncomingWebhook,
  PostedMessage,
  SlackChannel,
  SlackInstall,
  SlackOAuthApp,
  SlackTeam,
  SlackUser,
  TokenRecord,
} from "./model";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Posted messages kept (oldest dropped first). */
const MAX_MESSAGES = 5_000;

export interface StateOptions {
  seed: number;
  now: () => number;
  /** Codes, tokens and webhook secrets from the OS's random source instead of the (public) seed. */
  unguessableSecrets: boolean;
}

/** All simulator state, in memory. The same seed gives the same ids, tokens and codes in the same order. */
export class SlackState {
  readonly teams = new Map<string, SlackTeam>();
  readonly users = new Map<string, SlackUser>();
  readonly channels = new Map<string, SlackChannel>();
  readonly apps = new Map<string, SlackOAuthApp>();
  /** Keyed by `${clientId}:${teamId}`. */
  readonly installs = new Map<string, SlackInstall>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly codes = new Map<string, AuthCode>();
  /** Keyed by webhook id (B…). */
  readonly webhooks = new Map<string, IncomingWebhook>();
  readonly messages: PostedMessage[] = [];
  readonly now: () => number;
  private readonly seed: number;
  private readonly unguessable: boolean;
  private counter = 0;
  private messageSeq = 0;
  private postedSeq = 0;

  constructor(options: StateOptions) {
    this.seed = options.seed;
    this.now = options.now;
    this.unguessable = options.unguessableSecrets;
  }

  /** A secret of `length` characters: seeded (stable per seed and call order) or from the OS. */
  secret(length: number, alphabet = ALNUM): string {
    this.counter++;
    if (this.unguessable) {
      const bytes = randomBytes(length);
      let out = "";
      for (const b of bytes) out += alphabet[b % alphabet.length];
      return out;
    }
    const prng = createPrng(hashString(`secret:${this.counter}`, this.seed >>> 0));
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(prng.next() * alphabet.length)];
    return out;
  }

  /** A Slack-style id: prefix + upper-case alphanumerics (always seeded: ids are not secrets). */
  id(prefix: string, length = 10): string {
    this.counter++;
    const prng = createPrng(hashString(`id:${prefix}:${this.counter}`, this.seed >>> 0));
    let out = prefix;
    for (let i = 0; i < length; i++) out += UPPER[Math.floor(prng.next() * UPPER.length)];
    return out;
  }

  digits(length: number): string {
    return this.secret(length, "0123456789").replace(/^0/, "1");
  }

  /** Channels of a workspace in id order (the order conversations.list pages through). */
  channelsOf(teamId: string): SlackChannel[] {
    return [...this.channels.values()]
      .filter((c) => c.teamId === teamId && !c.deleted)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  usersOf(teamId: string): SlackUser[] {
    return [...this.users.values()].filter((u) => u.teamId === teamId);
  }

  /** A message ts: the clock's seconds and a counter, so two posts never share one (even on a frozen clock). */
  nextTs(): string {
    this.messageSeq++;
    return `${Math.floor(this.now() / 1000)}.${String(this.messageSeq % 1_000_000).padStart(6, "0")}`;
  }

  record(message: Omit<PostedMessage, "seq" | "postedAt">): PostedMessage {
    this.postedSeq++;
    const full: PostedMessage = { ...message, seq: this.postedSeq, postedAt: this.now() };
    this.messages.push(full);
    if (this.messages.length > MAX_MESSAGES) this.messages.splice(0, this.messages.length - MAX_MESSAGES);
    return full;
  }
}
