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
