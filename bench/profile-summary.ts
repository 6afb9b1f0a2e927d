import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of a V8 .cpuprofile (node --cpu-prof) this summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
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
  /** Self time by function. */
  byFunction: ProfileShare[];
}

function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/(server|src|dist-server)\/([^/]+)/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

function top(map: Map<string, number>, total: number, count: number): ProfileShare[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), percent: Math.round((1000 * us) / total) / 10 }));
}

/** Self time of every .cpuprofile in `dir`, by thread, place and function: where the server's CPU went. */
export function summariseProfiles(dir: string, count = 20): ProfileSummary {
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const threads = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    let threadTotal = 0;
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      const us = profile.timeDeltas[i] ?? 0;
      if (!node || node.callFrame.functionName === '(idle)') return;
      threadTotal += us;
      const { functionName, url, lineNumber } = node.callFrame;
      const place = placeOf(url, functionName);
      byPlace.set(place, (byPlace.get(place) ?? 0) + us);
      const name = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    });
    threads.set(file, threadTotal);
    total += threadTotal;
  }
  return { totalMs: Math.round(total / 1000), threads: top(threads, total, 50), byPlace: top(byPlace, total, count), byFunction: top(byFunction, total, count) };
}

export function printProfile(summary: ProfileSummary, log: (line: string) => void): void {
  const lines = (shares: ProfileShare[]) => shares.map((share) => `    ${String(share.percent).padStart(5)} %  ${String(share.ms).padStart(7)} ms  ${share.name}`).forEach((line) => log(line));
  log(`  profile: ${summary.totalMs} ms sampled (idle left out)`);
  log('  by thread:');
  lines(summary.threads);
  log('  self time by place:');
  lines(summary.byPlace);
  log('  self time by function:');
  lines(summary.byFunction);
}
