import { Hono } from "hono";
import type { AppEnv } from "../../context";

/**
 * Budget files: PDF and CSV exports of the top sheet and the detail, and CSV import of lines
 * (mounted inside budgetRoutes, so canViewFinancials already holds).
 */
export function budgetFileRoutes() {
  return new Hono<AppEnv>();
}
