import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 .cpuprofile (node --cpu-prof) this summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  ms: number;
  percent: number;
}

export interface ProfileSummary {
  /** Sampled time of every thread's profile together. */
  totalMs: number;
  /** Per profile file (the main thread and each worker thread write one). */
  threads: ProfileShare[];
  /** Self time by where the code lives: a package, our folder, or V8/Node internals. */
  byPlace: ProfileShare[];
  /** Time with a place anywhere on the stack (its own code and what it called), by our folders and packages. */
  inclusiveByPlace: ProfileShare[];
  /** Self time by function. */
  byFunction: ProfileShare[];
}

/** The bundle's source map (dist-server/main.js.map), so a frame in the bundle is named by its source file. */
function sourceMapOf(url: string, maps: Map<string, SourceMap | null>): SourceMap | null {
  if (!maps.has(url)) {
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    maps.set(url, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]) : null);
  }
  return maps.get(url) ?? null;
}

/** 'server/steps' for a frame of server/steps/step-answers.ts, by the bundle's source map when it has one. */
function sourceOf(callFrame: CpuProfile['nodes'][number]['callFrame'], maps: Map<string, SourceMap | null>): string {
  const { url, lineNumber, columnNumber } = callFrame;
  if (!url.includes('dist-server/')) return url;
  const entry = sourceMapOf(url, maps)?.findEntry(lineNumber, columnNumber);
  return entry && 'originalSource' in entry && entry.originalSource ? entry.originalSource : url;
}

function placeOf(source: string, functionName: string): string {
  if (!source) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (modules) return modules[1]!;
  if (source.startsWith('node:')) return 'node internals';
  const ours = /\/?(server|core|src|dist-server)\/([^/]+)/.exec(source);
  return ours ? `${ours[1]}/${ours[2]!.replace(/\.ts$/, '')}` : source;
}

function top(map: Map<string, number>, total: number, count: number): ProfileShare[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), percent: Math.round((1000 * us) / total) / 10 }));
}

/** Self time of every .cpuprofile in `dir`, by thread, place and function; and time by place anywhere on the stack. */
export function summariseProfiles(dir: string, count = 20): ProfileSummary {
  const byPlace = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const threads = new Map<string, number>();
  const maps = new Map<string, SourceMap | null>();
  let total = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    const places = new Map<number, string>();
    const placeOfNode = (id: number) => {
      let place = places.get(id);
      if (place === undefined) {
        const { callFrame } = nodes.get(id)!;
        place = placeOf(sourceOf(callFrame, maps), callFrame.functionName);
        places.set(id, place);
      }
      return place;
    };
    let threadTotal = 0;
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      const us = profile.timeDeltas[i] ?? 0;
      if (!node || node.callFrame.functionName === '(idle)') return;
      threadTotal += us;
      const { functionName, lineNumber } = node.callFrame;
      const source = sourceOf(node.callFrame, maps);
      const place = placeOfNode(id);
      byPlace.set(place, (byPlace.get(place) ?? 0) + us);
      const name = `${functionName || '(anonymous)'} ${place}${source ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
      const onStack = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) onStack.add(placeOfNode(at));
      for (const one of onStack) inclusive.set(one, (inclusive.get(one) ?? 0) + us);
    });
    threads.set(file, threadTotal);
    total += threadTotal;
  }
  return {
    totalMs: Math.round(total / 1000),
    threads: top(threads, total, 50),
    byPlace: top(byPlace, total, count),
    inclusiveByPlace: top(inclusive, total, count * 2),
    byFunction: top(byFunction, total, count),
  };
}

export function printProfile(summary: ProfileSummary, log: (line: string) => void): void {
  const lines = (shares: ProfileShare[]) => shares.map((share) => `    ${String(share.percent).padStart(5)} %  ${String(share.ms).padStart(7)} ms  ${share.name}`).forEach((line) => log(line));
  log(`  profile: ${summary.totalMs} ms sampled (idle left out)`);
  log('  by thread:');
  lines(summary.threads);
  log('  self time by place:');
  lines(summary.byPlace);
  log('  time by place anywhere on the stack (what it ran and what it called):');
  lines(summary.inclusiveByPlace);
  log('  self time by function:');
  lines(summary.byFunction);
}
