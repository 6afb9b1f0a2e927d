import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { stepValidators } from '../../scripts/vite-step-validators';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Bundles one browser entry the way the app build would (production, minified) and returns its chunks. */
async function bundle(entry: string): Promise<Rolldown.OutputChunk[]> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins: [react(), stepValidators()],
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'bundle' } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((out) => out.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk'));
}

// ajv's compiler, code generator and plugins; the standalone code needs only ajv/dist/runtime/*.
const compilerModule = /node_modules\/(ajv\/dist\/(?!runtime\/)|ajv-errors\/|ajv-formats\/dist\/index)/;
const compilerText = ['new Function(', 'compileAsync', 'addMetaSchema', 'removeSchema'];

describe.each([
  ['the step validators', 'src/renderer/form/validators.ts'],
  ['the whole schema form (templates, widgets, rjsf core)', 'src/renderer/form/schema-form.tsx'],
])('a browser bundle of %s', (_name, entry) => {
  it('holds no ajv compiler and no eval', { timeout: 20_000 }, async () => {
    const chunks = await bundle(entry);
    const modules = chunks.flatMap((chunk) => Object.keys(chunk.modules));
    expect(modules.some((id) => id.includes('virtual:step-validators'))).toBe(true);
    expect(modules.filter((id) => compilerModule.test(id))).toEqual([]);
    const code = chunks.map((chunk) => chunk.code).join('\n');
    expect(compilerText.filter((text) => code.includes(text))).toEqual([]);
  });
});

describe('code splitting of the validators', () => {
  it('puts each schema\'s validators in a chunk of its own, apart from the schema index', { timeout: 20_000 }, async () => {
    const chunks = await bundle('src/renderer/form/validators.ts');
    const perSchema = (chunk: Rolldown.OutputChunk) => Object.keys(chunk.modules).filter((id) => id.includes('virtual:step-validators/'));
    const holding = chunks.filter((chunk) => perSchema(chunk).length > 0);
    expect(holding.length).toBeGreaterThan(3);
    for (const chunk of holding) expect(perSchema(chunk)).toHaveLength(1);
    const index = chunks.find((chunk) => Object.keys(chunk.modules).some((id) => id.endsWith('virtual:step-validators')))!;
    expect(perSchema(index)).toEqual([]);
  });
});
