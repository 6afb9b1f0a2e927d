import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config/load-config';

/**
 * Issue 27: a step is saved and completed in one place, server/steps/ (saveStep, storeAndComplete): no other server file
 * moves an applicant by writing users.next_step itself. The few that do move a status, not a step, each for its reason.
 */
const movers: Record<string, string> = {
  // The step store's moves, which server/steps/ owns: completing a step, a step back, a rejected step fixed, sign-up.
  'server/platform/repositories/users.ts': 'the moves of server/steps/',
  'server/back-office/repositories/applications.ts': "a reviewer's decision on a submitted application",
  'server/platform/repositories/rectification-deadlines.ts': 'a rectification deadline that expired',
  'server/releases/repository.ts': 'applicants moved off a step a config release removed',
};

const allowedFolders = ['server/steps/', 'server/db/migrations/'];

/** next_step as a key given a value (not its type in db/schema.ts), or assigned in SQL text. */
const writes = [/['"]?\bnext_step['"]?\s*:\s*(?!string\b)\S/, /\bnext_step\s*=\s*(?!=)/];

function writesNextStep(source: string): boolean {
  return source.split('\n').some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && writes.some((pattern) => pattern.test(line)));
}

function serverFiles(dir = join(repoRoot, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') ? [relative(repoRoot, path).split('\\').join('/')] : [];
  });
}

describe('one save path (issue 27)', () => {
  const found = serverFiles().filter((file) => writesNextStep(readFileSync(join(repoRoot, file), 'utf8')));

  it('no server file outside server/steps/ writes next_step but the status movers named here', () => {
    const outside = found.filter((file) => !allowedFolders.some((folder) => file.startsWith(folder)) && !(file in movers));
    expect(outside).toEqual([]);
  });

  it('each status mover named here still writes next_step (the list holds no file that no longer needs it)', () => {
    expect(Object.keys(movers).filter((file) => !found.includes(file))).toEqual([]);
  });

  const seen = {
    writes: [
      "db.updateTable('users').set({ next_step: 'bank_details' })",
      '  .set({ current_step: from, next_step: to, updated_at: now })',
      "{ 'next_step': step }",
      'sql`UPDATE users SET next_step = ${to} WHERE id = ${id}`',
    ],
    reads: ['  next_step: string | null;', "query.where('next_step', '=', expected)", 'if (user.next_step === stepId) return;', '// never write next_step: x here'],
  };
  it('the scan tells a write from a read', () => {
    expect({ writes: seen.writes.filter(writesNextStep), reads: seen.reads.filter(writesNextStep) }).toEqual({ writes: seen.writes, reads: [] });
  });
});
