import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { UploadsConfig } from '../../core/engine/upload-limits';
import { type ConfigCopy, addDocumentStep, configProblems, copyConfig } from '../fixtures/config-edits';

/** check:config on flow-config/uploads.json and the "x-upload" fields of step schemas: each problem names file and JSON path. */

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function problemsAfter(edit: (copy: ConfigCopy) => void): string[] {
  const copy = copyConfig();
  roots.push(copy.root);
  edit(copy);
  return configProblems(copy);
}

function editUploads(copy: ConfigCopy, edit: (config: UploadsConfig & { kinds: Record<string, { types: string[] }> }) => void): void {
  const file = join(copy.configDir, 'uploads.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as UploadsConfig & { kinds: Record<string, { types: string[] }> };
  edit(config);
  writeFileSync(file, JSON.stringify(config));
}

function editAddressProofSchema(copy: ConfigCopy, edit: (proof: Record<string, unknown>) => void): void {
  addDocumentStep(copy);
  const file = join(copy.stepSchemasDir, 'address-proof.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: { addressProof: Record<string, unknown> } };
  edit(schema.properties.addressProof);
  writeFileSync(file, JSON.stringify(schema));
}

describe('check:config on uploads', () => {
  it('accepts the shipped uploads.json and a document step that names a kind', () => {
    expect(problemsAfter(addDocumentStep)).toEqual([]);
  });

  it('refuses a kind naming an unknown file type, with the known ones', () => {
    expect(problemsAfter((copy) => editUploads(copy, (config) => config.kinds.pan_image!.types.push('heic')))).toEqual([
      "flow-config/uploads.json: /kinds/pan_image/types/2: unknown file type 'heic' (known: jpeg, png, pdf, docx, text)",
    ]);
  });

  it('refuses a file type its content check cannot handle, and a MIME type declared twice', () => {
    const problems = problemsAfter((copy) =>
      editUploads(copy, (config) => {
        Object.assign(config.fileTypes, { gif: { mime: 'image/gif', extensions: ['.gif'], content: 'image' }, jpg: { mime: 'image/jpeg', extensions: ['.jpg'], content: 'image' } });
      }),
    );
    expect(problems).toEqual([
      "flow-config/uploads.json: /fileTypes/gif/mime: 'image/gif' cannot be checked as image content (it can: image/jpeg, image/png, image/webp)",
      "flow-config/uploads.json: /fileTypes/jpg/mime: 'image/jpeg' is already file type 'jpeg'",
    ]);
  });

  it('refuses an uploads.json without a kind the server names, or with a broken shape', () => {
    expect(problemsAfter((copy) => editUploads(copy, (config) => delete (config.kinds as Record<string, unknown>).signature_image))).toEqual([
      "flow-config/uploads.json: /kinds: the server's own uploads need kind 'signature_image'",
    ]);
    expect(problemsAfter((copy) => editUploads(copy, (config) => Object.assign(config.kinds.pan_image!, { maxMB: 0 })))).toEqual([
      'flow-config/uploads.json: /kinds/pan_image/maxMB must be > 0',
    ]);
  });

  it('refuses an "x-upload" naming an unknown kind, or on a field that is not text', () => {
    expect(problemsAfter((copy) => editAddressProofSchema(copy, (proof) => (proof['x-upload'] = 'address_scan')))).toEqual([
      'schemas/step-data/address-proof.schema.json: properties.addressProof.x-upload: no upload kind "address_scan" in flow-config/uploads.json ' +
        '(known: pan_image, signature_image, selfie_image, nominee_proof, income_proof_pdf, modification_document, document_proof)',
    ]);
    expect(problemsAfter((copy) => editAddressProofSchema(copy, (proof) => (proof.type = 'object')))).toContainEqual(
      'schemas/step-data/address-proof.schema.json: properties.addressProof.x-upload: a file field is "type": "string" (it holds the document\'s id)',
    );
  });
});
