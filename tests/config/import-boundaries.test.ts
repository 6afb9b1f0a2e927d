import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config/load-config';

/** The boundaries `npm run lint` enforces, each tried with an import that must be refused and one that is fine. */
const eslint = new ESLint({ cwd: repoRoot });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['core/engine/x.ts', "import { useState } from 'react';", "may not import 'react'"],
    ['core/engine/x.ts', "import axios from 'axios';", "may not import 'axios'"],
    ['core/engine/x.ts', "import { FormPage } from '../../src/renderer/form-page';", "may not import '../../src/renderer/form-page'"],
    ['core/api/x.ts', "import { buildApp } from '../../server/app';", 'nothing from src/ or server/'],
    ['widgets/x/x-widget.tsx', "import { placeErrors } from '../../src/renderer/form/errors';", 'widgets use only the renderer public API'],
    ['server/x.ts', "import { Resume } from '../src/screens/resume';", 'the server imports core/ and'],
    ['server/x.ts', "import { widgetLoaders } from '../widgets/registry';", 'no client code'],
    ['server/x.ts', "import { generateTypes } from '../scripts/gen-types';", 'nothing from scripts/'],
    ['src/app/x.ts', "import { buildApp } from '../../server/app';", 'never includes server, build or test code'],
  ])('%s: %s is refused', async (file, code, message) => {
    expect((await problems(file, code)).join('\n')).toContain(message);
  });

  it.each([
    ['core/engine/x.ts', "import { journey } from './flow';\nimport type { UserDetails } from '../api/types';"],
    ['widgets/x/x-widget.tsx', "import type { StepWidgetProps } from '../../src/renderer/public-api/fields';"],
    ['server/x.ts', "import { stepOpen } from '../core/engine/step-api';\nimport type { UserDetails } from '../core/api/types';"],
  ])('%s: %s is fine', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('import cycles across folders', () => {
  it('refuses an import that closes a loop through another folder, naming the loop', async () => {
    // steps/step-binding.ts imports platform/auth.ts (requireUser): platform importing it back closes the loop.
    const found = await problems('server/platform/auth.ts', "import { requireStep } from '../steps/step-binding';\nexport const x = requireStep;");
    expect(found).toContainEqual(expect.stringContaining('import cycle across folders: server/platform/auth.ts -> server/steps/step-binding.ts -> server/platform/auth.ts'));
  });

  it('lets files of one folder lean on each other, and a folder import one that does not import it back', async () => {
    // declared-at.ts and step-answers.ts are both in server/steps/; platform/route-keys.ts imports nothing of steps/.
    expect(await problems('server/steps/declared-at.ts', "import { tidy } from './step-answers';\nexport const x = tidy;")).toEqual([]);
    expect(await problems('server/steps/x.ts', "import { routeKey } from '../platform/route-keys';\nexport const x = routeKey;")).toEqual([]);
  });
});

describe("features do not call each other's repositories or services", () => {
  it.each([
    ['server/bank/x.ts', "import { checkPan } from '../pan/service';", 'a service of server/pan/'],
    ['server/steps/x.ts', "import { insertDocuments } from '../documents/repository';", 'a repository of server/documents/'],
    ['server/data-rights/x.ts', "import { listReviewers } from '../back-office/repositories/reviewers';", 'a repository of server/back-office/'],
    ['server/back-office/services/x.ts', "import { createAnalytics } from '../../analytics/service';", 'a service of server/analytics/'],
    ['server/nominee/x.ts', "import { createDocumentsService } from '../documents/uploads/documents-service';", 'a service of server/documents/'],
  ])('%s: %s is refused', async (file, code, message) => {
    expect((await problems(file, code)).join('\n')).toContain(message);
  });

  it.each([
    ['server/bank/x.ts', "import { findUserById } from '../platform/repositories/users';\nimport { saveStep } from '../steps/step-answers';"],
    ['server/back-office/services/x.ts', "import type { Analytics } from '../../analytics/service';\nimport { listApplications } from '../repositories/applications';"],
    ['server/dev/x.ts', "import { createRpdService } from '../bank/rpd-service';"],
    ['server/app.ts', "import { createAnalytics } from './analytics/service';"],
  ])('%s: %s is fine', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
