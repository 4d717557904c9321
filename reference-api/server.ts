import express from "express";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import type { ApiContext } from "./context.ts";
import { createSchema, DATABASE_FILE, isNewDatabase, openDatabase } from "./db.ts";
import { demoPasswordFromEnv } from "./demo-users.ts";
import { errorHandler, notFoundRoute } from "./errors.ts";
import { authRoutes } from "./routes/auth.ts";
import { bookRoutes } from "./routes/books.ts";
import { catalogueRoutes } from "./routes/catalogue.ts";
import { libraryRoutes } from "./routes/library.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { websiteRoutes } from "./routes/website.ts";
import { prepareDemoContent } from "./seed/seed.ts";
import { answerShape, shapeFromEnv, type ApiShape } from "./spec-shape.ts";
import { Storage } from "./storage.ts";
import { storedFileRoutes } from "./stored-files.ts";

export interface ReferenceApiOptions {
  /** Holds `reference-api.sqlite`, `files/` and `covers/`; created when missing. */
  dataDir: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 4000; 0 picks a free port. */
  port?: number;
  /** Password of the demo users seeded into a new database (default: env DEMO_PASSWORD, else "demo12345"). */
  demoPassword?: string;
  /** One JSON line per request on stdout (default false). */
  logRequests?: boolean;
  /** Largest accepted file per upload field (default: env REFERENCE_API_MAX_UPLOAD_BYTES, else 4 GiB). */
  maxUploadBytes?: number;
  /**
   * "full" (default: env REFERENCE_API_SHAPE, else "full") answers everything this API knows;
   * "spec" answers only what spec §3/§7 name (see spec-shape.ts and the README).
   */
  shape?: ApiShape;
}

export interface RunningReferenceApi {
  /** e.g. `http://127.0.0.1:4000` (without `/api`). */
  url: string;
  port: number;
  /** The answer shape this server runs in. */
  shape: ApiShape;
  /** Stops listening, ends open connections, waits for running handlers, closes the database. */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4000;
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_MAX_UPLOAD_BYTES = 4 * 1024 ** 3;
/** JSON bodies hold rich text, which may embed images as data URLs. */
const JSON_BODY_LIMIT = "8mb";

export function maxUploadBytesFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.REFERENCE_API_MAX_UPLOAD_BYTES;
  if (raw === undefined || raw === "") return DEFAULT_MAX_UPLOAD_BYTES;
  if (!/^\d{1,16}$/.test(raw) || Number(raw) < 1) {
    throw new Error(`REFERENCE_API_MAX_UPLOAD_BYTES must be a positive number of bytes, got "${raw}"`);
  }
  return Number(raw);
}

/** Lets a caller's id through to the log only when it cannot forge or bloat a log line. */
const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

function requestLogger(): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const requestId = req.get("x-request-id");
      const line = {
        time: new Date().toISOString(),
        method: req.method,
        path: req.originalUrl.split("?")[0],
        status: res.statusCode,
        duration_ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
        request_id: requestId && REQUEST_ID_PATTERN.test(requestId) ? requestId : undefined,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    });
    next();
  };
}

/** The Express application for an already opened database and storage. */
export function createReferenceApp(
  context: ApiContext,
  options: { logRequests?: boolean; shape?: ApiShape } = {},
): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Plain key=value parsing: `page[x]=1` stays a string key instead of becoming an object.
  app.set("query parser", "simple");
  if (options.logRequests) app.use(requestLogger());

  const ranges = (options.shape ?? "full") === "full";
  app.use("/files", storedFileRoutes(context.storage, "files", { ranges }));
  app.use("/covers", storedFileRoutes(context.storage, "covers", { ranges }));

  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(answerShape(options.shape ?? "full"));
  api.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });
  api.use(authRoutes(context));
  api.use(websiteRoutes(context));
  api.use(catalogueRoutes(context));
  api.use(bookRoutes(context));
  api.use(uploadRoutes(context));
  api.use(libraryRoutes(context));
  api.use(notFoundRoute);
  app.use("/api", api);

  app.use(notFoundRoute);
  app.use(errorHandler);
  return app;
}

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return DEFAULT_HOST;
  return host.includes(":") ? `[${host}]` : host;
}

/** Opens (and on first start creates and seeds) the data directory, then listens. */
export async function startReferenceApi(options: ReferenceApiOptions): Promise<RunningReferenceApi> {
  const dataDir = resolve(options.dataDir);
  const host = options.host ?? DEFAULT_HOST;
  const shape = options.shape ?? shapeFromEnv();
  const storage = new Storage(dataDir);
  await storage.prepare();

  const db = openDatabase(join(dataDir, DATABASE_FILE));
  try {
    if (isNewDatabase(db)) {
      const fill = await prepareDemoContent(storage, options.demoPassword ?? demoPasswordFromEnv());
      createSchema(db, fill);
    }
  } catch (error) {
    db.close();
    throw error;
  }

  const context: ApiContext = {
    db,
    storage,
    maxUploadBytes: options.maxUploadBytes ?? maxUploadBytesFromEnv(),
    inflight: new Set(),
    parseJson: express.json({ limit: JSON_BODY_LIMIT }),
  };
  const server = createServer(createReferenceApp(context, { logRequests: options.logRequests, shape }));
  // Large uploads on slow links must not be cut off by Node's default 5-minute request timeout.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;

  try {
    await new Promise<void>((listening, failed) => {
      server.once("error", failed);
      server.listen(options.port ?? DEFAULT_PORT, host, () => {
        server.off("error", failed);
        listening();
      });
    });
  } catch (error) {
    db.close();
    throw error;
  }

  // After listening, server errors (e.g. running out of file descriptors on accept) are logged
  // rather than left to crash the process as an unhandled 'error' event.
  server.on("error", (error) => console.error(`reference-api: server error: ${error.message}`));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const stopped = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await stopped;
      await Promise.allSettled([...context.inflight]);
      db.close();
    })();
    return closing;
  };

  return { url: `http://${urlHost(host)}:${port}`, port, shape, close };
}
