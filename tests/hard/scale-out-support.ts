import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  baseEnv,
  type Bff,
  bffEnv,
  closedLoopbackPort,
  PROJECT_ROOT,
  removeDir,
  spawnNode,
  startBff,
  tempDir,
  tryConnect,
} from "../e2e/helpers/processes.ts";
import { DEMO_PASSWORD } from "../e2e/helpers/reference-api.ts";

/**
 * The scale-out rig shared by the scale-out test, the Redis store tests and the benchmark:
 * Debian's redis-server and nginx as real processes on free loopback ports, in temp dirs.
 */

export const REDIS_SERVER = "/usr/bin/redis-server";
export const NGINX = "/usr/sbin/nginx";

/** Why the scale-out tests cannot run here, or undefined when they can. */
export function missingTools(tools: string[] = [REDIS_SERVER, NGINX]): string | undefined {
  const missing = tools.filter((tool) => !existsSync(tool));
  return missing.length ? `not installed: ${missing.join(", ")} (apt-get install -y redis-server nginx)` : undefined;
}

interface Daemon {
  child: ChildProcess;
  output(): string;
  /** Whether the program ended, or never started (ENOENT, say). */
  ended(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function daemon(command: string, args: string[]): Daemon {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let ended = false;
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  // A program that cannot start emits 'error' and no 'exit': kept in its output for waitForPort to
  // report, instead of an unhandled 'error' event that ends the whole test or bench run.
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", (error) => {
      output += `${command}: ${error.message}\n`;
      resolve();
    });
  }).then(() => {
    ended = true;
  });
  return {
    child,
    output: () => output,
    ended: () => ended,
    async stop(signal = "SIGTERM") {
      if (!ended) child.kill(signal);
      const forced = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(forced);
    },
  };
}

/** Resolves once something accepts connections on the port; throws if the process ends first. */
async function waitForPort(port: number, process: Daemon, name: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (process.ended()) throw new Error(`${name} ended (${process.child.exitCode ?? "did not start"}):\n${process.output()}`);
    if ((await tryConnect(port)) === "connected") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not listen on ${port}:\n${process.output()}`);
}

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (an outage); `start` brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Debian's redis-server on a free loopback port, nothing persisted (`--save "" --appendonly no`). */
export async function startRedisServer(dir: string): Promise<RedisServer> {
  const port = await closedLoopbackPort();
  let current: Daemon | undefined;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      current = daemon(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir]);
      await waitForPort(port, current, "redis-server");
    },
    async stop() {
      await current?.stop();
      current = undefined;
    },
  };
  await server.start();
  return server;
}

/** nginx's main configuration for a test: everything in `dir`, one worker, `http` holding `httpBody`. */
function nginxMain(dir: string, errorLevel: "warn" | "notice", httpBody: string): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log ${errorLevel};
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${httpBody}
}
`;
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** nginx from Debian as a round-robin reverse proxy in front of the given BFFs (its own temp dir). */
export async function startNginx(dir: string, backends: string[]): Promise<Nginx> {
  await mkdir(dir, { recursive: true });
  const port = await closedLoopbackPort();
  const servers = backends.map((url) => `    server ${new URL(url).host};`).join("\n");
  const config = nginxMain(dir, "warn", `
  upstream bff {
${servers}
    keepalive 64;
    # As the deployment guide's (docs/deployment.md): shorter than the site's 5 s keep-alive, so that
    # nginx never sends a request (a POST cannot be retried) on a connection the site is closing.
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 0;
    location / {
      proxy_pass http://bff;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_buffering off;
    }
  }
`);
  const configFile = path.join(dir, "nginx.conf");
  await writeFile(configFile, config);
  const proc = daemon(NGINX, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", configFile, "-g", "daemon off;"]);
  await waitForPort(port, proc, "nginx");
  // SIGQUIT: nginx's graceful shutdown.
  return { url: `http://127.0.0.1:${port}`, stop: () => proc.stop("SIGQUIT") };
}

export interface StaticNginx extends Nginx {
  /** The worker's process id (the master's one child), whose CPU time a bench reads. */
  workerPid(): Promise<number>;
}

/** nginx serving the files of `root` as they are, HTML gzipped on the fly (its defaults): what a static site costs. */
export async function startStaticNginx(dir: string, root: string): Promise<StaticNginx> {
  await mkdir(dir, { recursive: true });
  const port = await closedLoopbackPort();
  const config = nginxMain(dir, "warn", `
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip on;
    # A load generator's connections are not closed after nginx's default 1,000 requests each.
    keepalive_requests 1000000;
  }
`);
  const configFile = path.join(dir, "nginx.conf");
  await writeFile(configFile, config);
  const proc = daemon(NGINX, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", configFile, "-g", "daemon off;"]);
  await waitForPort(port, proc, "nginx");
  const master = proc.child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => proc.stop("SIGQUIT"),
    workerPid: async () => Number((await readFile(`/proc/${master}/task/${master}/children`, "utf8")).trim().split(/\s+/)[0]),
  };
}

/** The guide's nginx configuration (docs/deployment.md embeds it verbatim). */
export const GUIDE_NGINX_CONF = path.join(PROJECT_ROOT, "deploy/nginx.conf");

export interface GuideNginx {
  /** https://127.0.0.1:<port>, the guide's TLS server (HTTP/2 offered by ALPN). */
  url: string;
  /** The guide's plain-HTTP server (a redirect to https). */
  httpUrl: string;
  /** The throwaway certificate the TLS server presents (PEM), for the clients' trust. */
  ca: string;
  /** What `nginx -t` printed. */
  checked: string;
  errorLog(): Promise<string>;
  accessLog(): Promise<string>;
  /** The folder of nginx's page cache (the guide's `proxy_cache_path`). */
  cacheDir: string;
  stop(): Promise<void>;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, (error, stdout, stderr) => (error ? reject(new Error(`${command} ${args.join(" ")}: ${error.message}\n${stderr}`)) : resolve(`${stdout}${stderr}`)));
  });
}

/** Replaces `from` in `text`, which must hold it exactly `count` times (the guide changed otherwise). */
function replaceExample(text: string, from: string | RegExp, to: string, count = 1): string {
  const found = typeof from === "string" ? text.split(from).length - 1 : [...text.matchAll(new RegExp(from.source, `${from.flags.replace("g", "")}g`))].length;
  if (found !== count) throw new Error(`deploy/nginx.conf: expected ${count} of ${String(from)}, found ${found}`);
  return typeof from === "string" ? text.replaceAll(from, to) : text.replace(new RegExp(from.source, `${from.flags.replace("g", "")}g`), to);
}

/**
 * Debian's nginx running the guide's configuration (deploy/nginx.conf) as written, but for its
 * example values: the upstream's servers become `backends` (with the guide's parameters), the
 * listen ports free loopback ones, the certificate a throwaway one made here with openssl. The
 * file is included in the `http` block of a main configuration of temp paths, as Debian's
 * /etc/nginx/nginx.conf includes conf.d/, and checked with `nginx -t` before it starts.
 */
export async function startGuideNginx(dir: string, backends: string[]): Promise<GuideNginx> {
  await mkdir(dir, { recursive: true });
  const [tlsPort, httpPort] = [await closedLoopbackPort(), await closedLoopbackPort()];
  const certificate = path.join(dir, "fullchain.pem");
  const key = path.join(dir, "privkey.pem");
  await run("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
  ]);
  let site = await readFile(GUIDE_NGINX_CONF, "utf8");
  const serverLine = /^( {4})server 10\.0\.0\.\d+:\d+( [^;\n]*);\n/m.exec(site);
  if (!serverLine) throw new Error("deploy/nginx.conf: no example upstream server line");
  const servers = backends.map((url) => `${serverLine[1]}server ${new URL(url).host}${serverLine[2]};\n`).join("");
  site = replaceExample(site, /^ {4}server 10\.0\.0\.\d+:\d+ [^;\n]*;\n/m, "", 4);
  site = site.replace("    keepalive 64;\n", `${servers}    keepalive 64;\n`);
  site = replaceExample(site, "listen 443 ssl http2;", `listen 127.0.0.1:${tlsPort} ssl http2;`);
  site = replaceExample(site, "listen 80;", `listen 127.0.0.1:${httpPort};`);
  site = replaceExample(site, "/etc/ssl/dispusip/fullchain.pem", certificate);
  site = replaceExample(site, "/etc/ssl/dispusip/privkey.pem", key);
  site = replaceExample(site, "/var/log/nginx/dispusip.access.log", path.join(dir, "access.log"));
  site = replaceExample(site, "/var/cache/nginx/dispusip", path.join(dir, "page-cache"));
  const siteFile = path.join(dir, "dispusip.conf");
  await writeFile(siteFile, site);
  // nginx's workers (nobody, when the tests run as root) write the page cache: as the guide's
  // `install -d -o www-data` does, the folder is theirs to write, and the temp dir theirs to cross.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, "page-cache"));
  await chmod(path.join(dir, "page-cache"), 0o777);
  const configFile = path.join(dir, "nginx.conf");
  await writeFile(
    configFile,
    nginxMain(dir, "notice", `  include ${siteFile};`),
  );
  const args = ["-p", dir, "-e", path.join(dir, "error.log"), "-c", configFile];
  const checked = await run(NGINX, [...args, "-t"]);
  const proc = daemon(NGINX, [...args, "-g", "daemon off;"]);
  await waitForPort(tlsPort, proc, "nginx");
  await waitForPort(httpPort, proc, "nginx");
  return {
    url: `https://127.0.0.1:${tlsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    ca: await readFile(certificate, "utf8"),
    checked,
    errorLog: () => readFile(path.join(dir, "error.log"), "utf8").catch(() => ""),
    accessLog: () => readFile(path.join(dir, "access.log"), "utf8").catch(() => ""),
    cacheDir: path.join(dir, "page-cache"),
    stop: () => proc.stop("SIGQUIT"),
  };
}

export interface Cluster {
  redis: RedisServer;
  referenceApiUrl: string;
  bffs: Bff[];
  /**
   * Stops process `index` (SIGTERM, as systemd does) and starts it again on the same port with the
   * same environment; `bffs[index]` is the new one once it listens. Rejects when the old one
   * logged an unhandled failure or did not exit 0.
   */
  restart(index: number): Promise<Bff>;
  /** The DATA_DIR every BFF process shares, as processes on one machine do. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Redis, the reference API and `count` BFF processes (the built app) that share the session
 * secret and REDIS_URL, each on its own port and data dir. TRUST_PROXY=loopback: nginx (and a
 * test speaking for a given client address) sets X-Forwarded-For. The reference API runs in a
 * process of its own, as a real upstream would, so that a load generator in this process does
 * not slow it down.
 */
export async function startCluster(count: number, extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const root = await tempDir("scale-out");
  const bffs: Bff[] = [];
  const envs: Array<Record<string, string>> = [];
  const dataDir = path.join(root, "bff");
  let redis: RedisServer | undefined;
  let referenceApi: ReturnType<typeof spawnNode> | undefined;
  const close = async () => {
    // Everything is stopped even when a process logged an unhandled failure; then that is reported.
    const stopped = await Promise.allSettled([...bffs.map((bff) => bff.proc.stop()), referenceApi?.stop()]);
    await redis?.stop();
    await removeDir(root);
    const failed = stopped.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  };
  try {
    await mkdir(path.join(root, "redis"));
    redis = await startRedisServer(path.join(root, "redis"));
    referenceApi = spawnNode(
      "reference-api/main.ts",
      baseEnv({ REFERENCE_API_PORT: "0", DATA_DIR: path.join(root, "reference-api"), DEMO_PASSWORD }),
    );
    const [, referenceApiUrl] = await referenceApi.waitForStdout(/^reference-api listening on (\S+)$/);
    for (let index = 1; index <= count; index++) {
      const env = bffEnv({
        UPSTREAM_API_URL: referenceApiUrl,
        // Processes on one machine share DATA_DIR, so they share one audit log.
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        TRUST_PROXY: "loopback",
        // As deployed: the product's drain on SIGTERM.
        SHUTDOWN_DRAIN_MS: undefined,
        ...extraEnv,
      });
      const bff = await startBff(env);
      bffs.push(bff);
      envs.push({ ...env, PORT: new URL(bff.url).port });
    }
    const restart = async (index: number) => {
      const exit = await bffs[index].proc.stop(30_000);
      if (exit.code !== 0) throw new Error(`process ${index + 1} exited ${exit.code ?? exit.signal} on SIGTERM`);
      bffs[index] = await startBff(envs[index]);
      return bffs[index];
    };
    return { redis, referenceApiUrl, bffs, dataDir, restart, close };
  } catch (error) {
    await close();
    throw error;
  }
}
