import { randomInt } from "node:crypto";
import type { Prng } from "./prng";

/**
 * Id shapes as ClickUp issues them (clickup-api.md §0): task ids short lowercase alphanumerics
 * ("86c7mc19h"), workspace/space/folder/list ids digit strings, custom fields and webhooks UUIDs,
 * time entries and history items 19-digit strings that overflow a JS number.
 */

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const HEX = "0123456789abcdef";

function chars(prng: Prng, alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(prng.next() * alphabet.length)];
  return out;
}

function unguessableChars(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export class IdFactory {
  private readonly used = new Set<string>();
  private historyCounter = 0;
  private readonly historyBase: number;

  /**
   * `unguessableSecrets`: credentials (authorization codes, tokens, webhook secrets) come from the
   * operating system's random source instead of the seed. Seeded credentials make tests
   * reproducible, but the seed of a simulator other people can reach is public (it is in the
   * source), so anyone could compute its tokens.
   */
  constructor(
    private readonly prng: Prng,
    private readonly unguessableSecrets = false,
  ) {
    this.historyBase = 1_000_000_000_000_000 + Math.floor(prng.next() * 1_000_000_000_000_000);
  }

  /** Reserve an id that came from elsewhere (so generated ones never collide with it). */
  reserve(id: string): void {
    this.used.add(id);
  }

  private unique(make: () => string): string {
    for (;;) {
      const id = make();
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }

  /** "86" + 7 base-36 characters, like current ClickUp task ids. */
  taskId(): string {
    return this.unique(() => "86" + chars(this.prng, BASE36, 7));
  }

  /** Digit-string ids for the hierarchy; `prefix` mimics ClickUp's shard prefixes ("9015…"). */
  numericId(prefix: string, digits: number): string {
    return this.unique(() => prefix + chars(this.prng, "0123456789", digits - prefix.length));
  }

  /** Integer user ids (ClickUp user ids are numbers, e.g. 272627274). */
  userId(): number {
    return Number(this.unique(() => String(this.prng.int(10_000_000, 299_999_999))));
  }

  uuid(): string {
    const h = chars(this.prng, HEX, 32);
    const variant = HEX[8 + Math.floor(this.prng.next() * 4)] ?? "8";
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** Upper-case alphanumerics for credentials: webhook secrets, authorization codes. */
  secret(length = 64): string {
    return this.unguessableSecrets ? unguessableChars(ALNUM, length) : chars(this.prng, ALNUM, length);
  }

  /** Lower-case hexadecimal for credentials (OAuth access tokens). */
  secretHex(length: number): string {
    return this.unguessableSecrets ? unguessableChars(HEX, length) : chars(this.prng, HEX, length);
  }

  hex(length: number): string {
    return chars(this.prng, HEX, length);
  }

  /** 19-digit webhook history-item ids ("2800787326392370170"). */
  historyItemId(): string {
    this.historyCounter += 1 + Math.floor(this.prng.next() * 97);
    return "28" + String(this.historyBase + this.historyCounter).padStart(17, "0");
  }
}
