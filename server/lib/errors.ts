/** A zod error, or any Standard Schema failure (what hono-openapi's validator hands over). */
export interface SchemaIssues {
  readonly issues: readonly {
    readonly message: string;
    readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
  }[];
}

export type ErrorCode =
  | "bad_request"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  /** ClickUp refused a write made on the caller's behalf (409; the message says why). */
  | "clickup_refused"
  | "payload_too_large"
  | "rate_limited"
  | "internal_error"
  | "service_unavailable";

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldError[] };
}

/** An error meant for the client: its status, code and message are safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = "AppError";
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

export const badRequest = (message: string, fields?: FieldError[]) =>
  new AppError(400, "bad_request", message, fields);
export const unauthorized = (message = "Sign in to continue") => new AppError(401, "unauthorized", message);
export const forbidden = (message = "You do not have permission to do this") =>
  new AppError(403, "forbidden", message);
export const notFound = (message = "Not found") => new AppError(404, "not_found", message);
export const conflict = (message: string) => new AppError(409, "conflict", message);
export const rateLimited = (message = "Too many requests. Please wait a moment and try again.") =>
  new AppError(429, "rate_limited", message);

/** Turn a zod error into field-level messages ("title: Required"). */
export function fieldErrors(error: SchemaIssues, prefix?: string): FieldError[] {
  return error.issues.map((issue) => {
    const p = (issue.path ?? []).map((k) => String(typeof k === "object" ? k.key : k)).join(".");
    const field = [prefix, p].filter(Boolean).join(".") || (prefix ?? "body");
    return { field, message: issue.message };
  });
}

export function validationError(error: SchemaIssues, target: string, prefix?: string): AppError {
  const fields = fieldErrors(error, prefix);
  const first = fields[0];
  const message = first ? `Invalid ${target}: ${first.field} — ${first.message}` : `Invalid ${target}`;
  return new AppError(400, "validation_failed", message, fields);
}
