import { readFile } from "node:fs/promises";

/**
 * Where a `.cpuprofile`'s time went: self and inclusive time by function and by module (a
 * package, our server build, our server/ files, Node's own), idle left out.
 *
 *   node --import tsx tests/bench/cpu-profile-summary.ts <profile> [rounds.json kind] [top]
 *
 * With the rendered-home suite's `rounds.json` and a kind ("rendered /"), only the samples taken
 * within that kind's rounds are counted (the profile's timestamps and the rounds' spans are both
 * on the monotonic clock). Inclusive time counts a function once per sample, however deep it recurs.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, roundsFile, kind, topArgument] = process.argv.slice(2);
if (!file) throw new Error("usage: cpu-profile-summary.ts <profile> [rounds.json kind] [top]");
const top = Number(topArgument ?? 30);
const profile = JSON.parse(await readFile(file, "utf8")) as Profile;
const windows = roundsFile
  ? (JSON.parse(await readFile(roundsFile, "utf8")) as Array<{ kind: string; startUs: number; endUs: number }>).filter((window) => window.kind === kind)
  : undefined;

/** A package by its folder under node_modules, our code by its place, Node's by its scheme. */
function moduleOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native or V8)";
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1];
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  if (url.includes("/build/server/")) return "ours: the server build (app/)";
  const ours = /\/(server|app|reference-api|tests)\/(.*)$/.exec(url);
  if (ours) return `ours: ${ours[1]}/${ours[2]}`;
  return url;
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const functionKey = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || "(anonymous)"} ${moduleOf(url, functionName)}${url ? `:${lineNumber + 1}` : ""}`;
};

interface Frame {
  name: string;
  module: string;
}
const isNode = (frame: Frame) => frame.module.startsWith("node:") || frame.module.startsWith("(");
const ours = (name: string) => (frame: Frame) => frame.name === name && frame.module.startsWith("ours");
/**
 * One bucket per sample, the first that matches, from the leaf up (`stack[0]`). The owner is the
 * nearest frame that is not Node's or V8's: the code that asked for the work. Middleware that calls
 * `next()` (compression, ours) is below everything after it, so it is matched by owner, not stack.
 */
const BUCKETS: Array<[string, (stack: Frame[], owner: Frame | undefined) => boolean]> = [
  ["garbage collector", (stack) => stack[0].name === "(garbage collector)"],
  ["the public documents' labels (stat, formats)", (stack) => stack.some(ours("currentDocument")) || stack.some(ours("documentSize"))],
  ["the request log line (written to stdout)", (stack) => stack.some((frame) => frame.name === "log" && frame.module.startsWith("ours: server/log"))],
  ["compression (zlib, the compression middleware)", (stack, owner) => owner?.module === "compression" || stack.some((frame) => frame.module === "node:zlib")],
  ["loader data serialised (turbo-stream)", (stack) => stack.some((frame) => frame.module === "turbo-stream")],
  ["route matching (React Router's matchRoutes)", (stack) => stack.some((frame) => frame.name === "matchRoutes" && frame.module === "@remix-run/router")],
  ["upstream client and the public reads' cache", (stack) => stack.some(ours("exchange")) || stack.some(ours("cachedRead"))],
  ["React's render (react-dom, react)", (_stack, owner) => owner?.module === "react-dom" || owner?.module === "react"],
  ["our components and loaders (the server build)", (_stack, owner) => owner?.module === "ours: the server build (app/)"],
  ["Remix and React Router, other", (_stack, owner) => /^(@remix-run\/|react-router)/.test(owner?.module ?? "")],
  ["socket writes (writev, headers)", (stack) => /^(writev|writeUtf8String|writeLatin1String)$/.test(stack[0].name)],
  ["our Express middleware (server/: security headers, body bounds, origin, log's timer)", (_stack, owner) => owner?.module.startsWith("ours: server/") ?? false],
  ["Express and its packages", (_stack, owner) => owner !== undefined],
  ["Node's HTTP, streams and the rest", () => true],
];
const byBucket = new Map<string, number>();

const selfByFunction = new Map<string, number>();
const totalByFunction = new Map<string, number>();
const selfByModule = new Map<string, number>();
const totalByModule = new Map<string, number>();
const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
let time = profile.startTime;
let busy = 0;
let idle = 0;
for (let index = 0; index < profile.samples.length; index++) {
  time += profile.timeDeltas[index];
  // The time until the next sample is this sample's weight.
  const weight = profile.timeDeltas[index + 1] ?? 0;
  if (windows && !windows.some((window) => time >= window.startUs && time <= window.endUs)) continue;
  const leaf = byId.get(profile.samples[index])!;
  if (leaf.callFrame.functionName === "(idle)") {
    idle += weight;
    continue;
  }
  busy += weight;
  add(selfByFunction, functionKey(leaf), weight);
  add(selfByModule, moduleOf(leaf.callFrame.url, leaf.callFrame.functionName), weight);
  const functions = new Set<string>();
  const modules = new Set<string>();
  const stack: Frame[] = [];
  for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(root)") continue;
    functions.add(functionKey(node));
    modules.add(moduleOf(node.callFrame.url, node.callFrame.functionName));
    stack.push({ name: node.callFrame.functionName, module: moduleOf(node.callFrame.url, node.callFrame.functionName) });
  }
  const owner = stack.find((frame) => !isNode(frame));
  add(byBucket, BUCKETS.find(([, matches]) => matches(stack, owner))![0], weight);
  for (const key of functions) add(totalByFunction, key, weight);
  for (const key of modules) add(totalByModule, key, weight);
}

const percent = (value: number) => `${((value / busy) * 100).toFixed(1).padStart(5)} %`;
function print(title: string, map: Map<string, number>): void {
  console.log(`\n${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${percent(value)}  ${(value / 1000).toFixed(0).padStart(6)} ms  ${key}`);
}

console.log(`${file}${kind ? `, within the rounds of ${kind}` : ""}: busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s`);
print("where the time goes (each sample in the first bucket that matches)", byBucket);
print("self time by module", selfByModule);
print("inclusive time by module", totalByModule);
print("self time by function", selfByFunction);
print("inclusive time by function", totalByFunction);
