// Top self-time costs of a `--cpu-prof` profile, by function and by package.
// Usage: profile-top.ts <file.cpuprofile> [how many]
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
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
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  if (functionName === '(idle)') return;
  total += delta;
  const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|bench)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + delta);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.startsWith('node:') ? 'node internals' : url ? 'our code' : functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
});
const top = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(count))
    .map(([key, time]) => `${((time / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
process.stdout.write(`busy ${(total / 1e6).toFixed(1)} s\n\nself time by function\n${top(byFunction)}\n\nby package\n${top(byPackage)}\n`);
