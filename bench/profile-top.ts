// Top self-time costs of a `--cpu-prof` profile: by function, by package, and by owner (the nearest
// package on the stack, so a socket write counts for the client that wrote: pg, pino, fastify...).
// Usage: profile-top.ts <file.cpuprofile> [how many]
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [path, count = '20'] = process.argv.slice(2);
if (!path) throw new Error('usage: profile-top.ts <file.cpuprofile> [how many]');
const profile = JSON.parse(await readFile(path, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const packageOf = (url: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.startsWith('node:') || !url ? undefined : 'our code');
const ownerOf = (id: number): string => {
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const name = packageOf(nodes.get(at)!.callFrame.url);
    if (name) return name;
  }
  return nodes.get(id)!.callFrame.functionName || '(no owner)';
};
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const byOwner = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  if (functionName === '(idle)') return;
  total += delta;
  const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|bench)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + delta);
  const pkg = packageOf(url) ?? (url ? 'node internals' : functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
  const owner = ownerOf(id);
  byOwner.set(owner, (byOwner.get(owner) ?? 0) + delta);
});
const top = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(count))
    .map(([key, time]) => `${((time / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
process.stdout.write(`busy ${(total / 1e6).toFixed(1)} s\n\nself time by function\n${top(byFunction)}\n\nby package\n${top(byPackage)}\n\nby owner (nearest package on the stack)\n${top(byOwner)}\n`);
