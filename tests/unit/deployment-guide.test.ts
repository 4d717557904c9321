import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SCREENS } from "~/resources/resources";

/**
 * Issue 36: the guide's nginx configuration is tested as written. docs/deployment.md prints
 * deploy/nginx.conf byte for byte (tests/hard/rolling-restart.bounded.test.ts runs `nginx -t` on that file
 * and serves through it), and says nothing nginx 1.22 would refuse.
 */

const root = new URL("../../", import.meta.url);
const guide = () => readFile(new URL("docs/deployment.md", root), "utf8");
const nginxConf = () => readFile(new URL("deploy/nginx.conf", root), "utf8");

/** The guide's ```nginx blocks, their text exactly as printed. */
function nginxBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```nginx\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

describe("the deployment guide's nginx configuration", () => {
  it("is deploy/nginx.conf, byte for byte, in the guide's one nginx block", async () => {
    const blocks = nginxBlocks(await guide());
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toBe(await nginxConf());
  });

  it("never tells the reader to pass Host without its port, in its prose either", async () => {
    // `$host` drops a non-default port: the site's own cross-site check then refuses every save.
    expect(await guide()).not.toMatch(/Host \$host\b/);
  });

  it("is written the way Debian's nginx 1.22 takes it, with the settings a rolling restart needs", async () => {
    const conf = await nginxConf();
    // `http2 on;` needs 1.25.1; a {n} quantifier needs its regex quoted.
    expect(conf).not.toMatch(/^\s*http2 on;/m);
    expect(conf).toMatch(/^\s*listen 443 ssl http2;$/m);
    for (const line of conf.split("\n").filter((text) => /^\s*location ~/.test(text) && text.includes("{3"))) expect(line).toMatch(/location ~\*? "/);
    // The port kept in Host (the site's CSRF check), nginx's request id passed on, /metrics hidden.
    expect(conf).toMatch(/proxy_set_header Host \$http_host;/);
    expect(conf).not.toMatch(/proxy_set_header Host \$host;/);
    expect(conf).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
    // nginx's own errors: the id in the answer and the log, an Indonesian page, the site's own 5xx untouched.
    expect(conf).toMatch(/^\s*add_header X-Request-Id \$request_id always;$/m);
    expect(conf).toMatch(/^\s*log_format dispusip [^;]*id=\$request_id/m);
    expect(conf).toMatch(/^\s*access_log \S+ dispusip;$/m);
    expect(conf).toMatch(/^\s*error_page 502 503 504 \/gangguan\.html;$/m);
    expect(conf).toContain("Layanan sedang tidak tersedia");
    expect(conf).not.toMatch(/proxy_intercept_errors on/);
    // Idle upstream connections closed by nginx before the site's 5 s keep-alive and its drain.
    const keepalive = /keepalive_timeout (\d+)s;/.exec(conf.slice(conf.indexOf("upstream dispusip"), conf.indexOf("limit_conn_zone")));
    expect(Number(keepalive?.[1])).toBeLessThan(5);
    // A POST an instance received is never sent to another.
    expect(conf).toMatch(/^\s*proxy_next_upstream error timeout;$/m);
    expect(conf).not.toMatch(/^\s*proxy_next_upstream [^#\n]*non_idempotent/m);
    // The script's settle time outlasts the upstream's fail_timeout.
    const failTimeouts = [...conf.matchAll(/fail_timeout=(\d+)s/g)].map((match) => Number(match[1]));
    const script = await readFile(new URL("scripts/rolling-restart.sh", root), "utf8");
    const settle = Number(/SETTLE_SECONDS:-(\d+)/.exec(script)?.[1]);
    expect(failTimeouts.length).toBeGreaterThan(0);
    expect(Math.max(...failTimeouts)).toBeLessThan(settle);
  });

  it("streams every screen whose form carries files through its upload location, and only those", async () => {
    const conf = await nginxConf();
    const pattern = /location ~ "([^"]+)" \{\n\s*client_max_body_size 4200m;/.exec(conf)?.[1];
    expect(pattern).toBeDefined();
    const uploadLocation = new RegExp(pattern!);
    for (const screen of SCREENS) {
      const carriesFiles = screen.fields.some((field) => field.type === "file");
      for (const suffix of ["", ".data"]) expect(uploadLocation.test(`/admin/${screen.id}${suffix}`), `/admin/${screen.id}${suffix}`).toBe(carriesFiles);
    }
    for (const upload of ["/admin/video.upload", "/admin/uploads", `/admin/uploads/${"0a".repeat(16)}`]) expect(uploadLocation.test(upload), upload).toBe(true);
    // The import's table files and the public documents' PDFs are larger than the server's 2m too.
    for (const upload of ["/admin/import/book", "/admin/import/publisher", "/admin/documents", "/admin/documents.data"]) expect(uploadLocation.test(upload), upload).toBe(true);
  });
});

/** The guide's systemd unit (its ```ini block): each setting's values, by name. */
function unitSettings(markdown: string): Map<string, string[]> {
  const [unit] = [...markdown.matchAll(/^```ini\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  const settings = new Map<string, string[]>();
  for (const [, name, value] of unit.matchAll(/^(\w+)=(.*)$/gm)) settings.set(name, [...(settings.get(name) ?? []), value]);
  return settings;
}

/** Where scripts/node-lts.sh keeps the pinned Node by default (its `tools` folder). */
const NODE_LTS_CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "dispusip-web");

/** What `ProtectHome=true` hides from the service (systemd.exec(5)). */
const HIDDEN_BY_PROTECT_HOME = ["/home", "/root", "/run/user"];
const hidden = (file: string) => HIDDEN_BY_PROTECT_HOME.some((folder) => file === folder || file.startsWith(`${folder}/`));

describe("the deployment guide's systemd unit", () => {
  it("runs a Node, from a folder, with files and a data folder that its own hardening lets the service reach", async () => {
    const markdown = await guide();
    const unit = unitSettings(markdown);
    expect(unit.get("ProtectHome")).toEqual(["true"]);
    const [node] = unit.get("ExecStart")![0].split(" ");
    const paths = [node, ...unit.get("WorkingDirectory")!, ...unit.get("EnvironmentFile")!, ...unit.get("ReadWritePaths")!];
    for (const file of paths) {
      expect(file, file).toMatch(/^\//);
      expect(hidden(file), `${file} is hidden by ProtectHome=true`).toBe(false);
    }
    // The DATA_DIR the guide gives is writable under ProtectSystem=strict.
    expect(unit.get("ProtectSystem")).toEqual(["strict"]);
    const dataDir = /`DATA_DIR` \| e\.g\. `([^`]+)`/.exec(markdown)?.[1];
    expect(unit.get("ReadWritePaths")).toContain(dataDir);
  });

  it("creates what it writes owner-only (UMask=0077), in a DATA_DIR the guide makes 0700 for the unit's user", async () => {
    const markdown = await guide();
    const unit = unitSettings(markdown);
    expect(unit.get("UMask")).toEqual(["0077"]);
    const dataDir = /`DATA_DIR` \| e\.g\. `([^`]+)`/.exec(markdown)?.[1];
    const [user] = unit.get("User")!;
    const [group] = unit.get("Group")!;
    // The guide's step that makes the service's user and DATA_DIR, before the unit starts.
    expect(markdown).toMatch(new RegExp(`^useradd --system .*\\b${user}$`, "m"));
    expect(markdown).toContain(`install -d -o ${user} -g ${group} -m 0700 ${dataDir}`);
  });

  it("runs the Node that the guide's install line puts in place, outside every home folder", async () => {
    const markdown = await guide();
    const [node] = unitSettings(markdown).get("ExecStart")![0].split(" ");
    const install = /^```sh\n(DISPUSIP_TOOLS_DIR=.*)\n```$/m.exec(markdown)?.[1];
    expect(install, "the guide's Node install line").toBeDefined();
    const linked = /ln -sfn .* (\S+)$/.exec(install!)?.[1];
    expect(node).toBe(`${linked}/bin/node`);
    const tools = /^DISPUSIP_TOOLS_DIR=(\S+) /.exec(install!)?.[1];
    expect(hidden(tools!)).toBe(false);
    expect(hidden(linked!)).toBe(false);
  });

  it.skipIf(!existsSync(path.join(NODE_LTS_CACHE, `node-${process.versions.node}`)))("whose install line, run with /opt in a temp folder, leaves a Node 24 at the unit's path", async () => {
    const markdown = await guide();
    const install = /^```sh\n(DISPUSIP_TOOLS_DIR=.*)\n```$/m.exec(markdown)![1];
    const [node] = unitSettings(markdown).get("ExecStart")![0].split(" ");
    const opt = await mkdtemp(path.join(tmpdir(), "dispusip-opt-"));
    try {
      // The tools folder is this machine's cache of scripts/node-lts.sh: nothing is downloaded.
      await symlink(NODE_LTS_CACHE, path.join(opt, "dispusip-tools"));
      execFileSync("bash", ["-c", install.replaceAll("/opt/", `${opt}/`)], { cwd: fileURLToPath(root), stdio: "ignore" });
      const version = execFileSync(node.replace("/opt/", `${opt}/`), ["--version"], { encoding: "utf8" }).trim();
      expect(version).toMatch(/^v24\./);
    } finally {
      await rm(opt, { recursive: true, force: true });
    }
  });
});
