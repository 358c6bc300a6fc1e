import { Hono, type MiddlewareHandler } from "hono";
import { TestClient, type TestContext } from "../../../tests/api/harness";
import type { App } from "../../app";
import type { AppEnv } from "../../context";
import { AppError } from "../../lib/errors";
import { withPurchasingRoutes } from "../purchase-orders/test-support";
import { clientInvoiceRoutes, clientRoutes } from "./routes";

/*
 * Test fixture of the client invoice API tests (not production code): the app with
 * /api/client-invoices and /api/clients in front of it while server/app.ts does not mount them
 * (the same middleware the app puts before its routes, and its error shape); once it does, the
 * app as it is. The purchasing routes come with it (the job fixture raises budgets and vendors).
 */
export function withInvoicingRoutes(test: TestContext): App {
  const inner = withPurchasingRoutes(test);
  const mounted = (path: string) => test.app.routes.some((r) => r.path.startsWith(path));
  if (mounted("/api/client-invoices") && mounted("/api/clients")) return inner;
  const outer = new Hono<AppEnv>();
  const setup: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set("deps", test.deps);
    c.set("requestId", crypto.randomUUID());
    c.set("log", test.deps.logger);
    await next();
  };
  for (const [path, routes] of [
    ["/api/client-invoices", clientInvoiceRoutes()],
    ["/api/clients", clientRoutes()],
  ] as const) {
    if (mounted(path)) continue;
    outer.use(`${path}/*`, setup);
    outer.use(path, setup);
    outer.route(path, routes);
  }
  outer.all("*", (c) => inner.fetch(c.req.raw));
  outer.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status);
    test.deps.logger.error({ err }, "unhandled");
    return c.json({ error: { code: "internal_error", message: String(err) } }, 500);
  });
  return outer as unknown as App;
}

/** A test context whose clients reach the invoicing (and purchasing) routes. */
export function useInvoicingRoutes(test: TestContext): void {
  const app = withInvoicingRoutes(test);
  test.client = () => new TestClient(app);
}
