import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bankDb } from '../server/bank/bank-tables';
import { findBranchSnapshot, ensureBranchSnapshot } from '../server/bank/branch-snapshot';
import { searchBranches } from '../server/bank/repositories/branch-search';
import { countBranches } from '../server/bank/repositories/branch-store';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

/**
 * `npm run bench:branch-search` (also the last part of `npm run bench`): first-start load of the shipped snapshot into a fresh database
 * (SQLite in a temp folder, or BENCH_DATABASE_URL), the skip on the next start, then branch-search
 * latency over the full directory (service level, no HTTP) for a mix of IFSC prefixes and words.
 */
const queries: [bank: string, q: string][] = [
  ['HDFC', 'NARIMAN'], ['HDFC', 'MUMBAI'], ['HDFC', 'HDFC0000'], ['HDFC', 'HDFC0001234'], ['HDFC', 'MG ROAD'], ['HDFC', 'AN'],
  ['SBIN', 'SBIN00006'], ['SBIN', 'SANSAD'], ['SBIN', 'NEW DELHI'], ['SBIN', 'RO'], ['SBIN', 'KOLKATA'], ['SBIN', ''],
  ['ICIC', 'BANGALORE'], ['ICIC', 'ICIC00'], ['UTIB', 'PUNE'], ['INDB', 'BARAKHAMBA'], ['BKID', 'PATNA'], ['CBIN', 'CBIN028'],
  ['KKBK', 'GURGAON'], ['PUNB', 'LUDHIANA'], ['BARB', 'VADODARA'], ['CNRB', 'BENGALURU'], ['HDFC', 'ZZZZZZ'], ['SBIN', 'A'],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function branchSearchFigures(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-branch-bench-'));
  const db = bankDb(createDatabase({ dataDir: dir, databaseUrl: process.env.BENCH_DATABASE_URL }));
  try {
    await migrateToLatest(db);
    const snapshot = findBranchSnapshot();
    const cpu = process.cpuUsage();
    const first = await ensureBranchSnapshot(db, snapshot, Date.now());
    const loadCpu = process.cpuUsage(cpu);
    const again = await ensureBranchSnapshot(db, snapshot, Date.now());
    console.log(`branch snapshot ${first.version}: ${await countBranches(db)} branches`);
    console.log(
      `first-start load (one transaction): ${(first.ms / 1000).toFixed(2)} s wall, ${((loadCpu.user + loadCpu.system) / 1e6).toFixed(2)} s CPU; ` +
        `next start (skipped): ${again.ms.toFixed(1)} ms`,
    );
    for (const [bank, q] of queries) await searchBranches(db, bank, q); // warm-up
    const times: number[] = [];
    const byKind = new Map<string, number[]>();
    const rounds = 40;
    for (let round = 0; round < rounds; round += 1) {
      for (const [bank, q] of queries) {
        const started = performance.now();
        await searchBranches(db, bank, q);
        const ms = performance.now() - started;
        times.push(ms);
        const key = `${bank} '${q}'`;
        byKind.set(key, [...(byKind.get(key) ?? []), ms]);
      }
    }
    times.sort((a, b) => a - b);
    console.log(`branch search (${times.length} searches, ${queries.length} kinds): p50 ${percentile(times, 50).toFixed(2)} ms   p99 ${percentile(times, 99).toFixed(2)} ms   max ${(times.at(-1) ?? 0).toFixed(2)} ms`);
    const medians = [...byKind].map(([key, list]) => [key, percentile(list.sort((a, b) => a - b), 50)] as const);
    const worst = medians.sort((a, b) => b[1] - a[1]).slice(0, 3);
    console.log(`slowest kinds (median): ${worst.map(([key, ms]) => `${key} ${ms.toFixed(2)} ms`).join(', ')}`);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await branchSearchFigures();
