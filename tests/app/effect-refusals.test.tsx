import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client';
import { defaultBundle } from '../../src/config/bundle';
import { declareIncome } from '../../src/effects/declare-income';
import { saveNominees } from '../../src/effects/save-nominees';
import { signDeclaration } from '../../src/effects/sign-declaration';
import { uploadPanImage } from '../../src/effects/upload-pan-image';
import { type MessageCode, type TextTable, messageText } from '../../core/engine/message-codes';
import type { SubmitEffect } from '../../src/effects/types';
import { adapterFrom } from './support/adapter';

// Compliance rewords a refusal in messages.json alone: the effect says the new words.
const shipped = defaultBundle.messages as unknown as TextTable;
const reworded: TextTable = { ...shipped, upload: { ...shipped.upload, panImageMissing: 'Add a photo of your PAN card first' } };
const api = createApiClient({
  messages: defaultBundle.messages,
  getToken: () => null,
  onUnauthorized: vi.fn(),
  onOutOfSync: vi.fn(),
  adapter: adapterFrom(() => ({ status: 500, body: {} })),
});
const refusal = async (effect: SubmitEffect, data: Record<string, unknown>, messages = shipped) => {
  const say = (code: MessageCode) => messageText(messages, code);
  const error = await effect(data, { api, user: null, say }).catch((caught: unknown) => caught);
  return (error as Error).message;
};

describe('what an effect refuses before sending anything, in the words of messages.json', () => {
  it.each([
    ['the PAN image', uploadPanImage, {}, 'Choose a photo of your PAN card'],
    ['the signature', signDeclaration, {}, 'Draw or upload your signature'],
    ['the re-KYC declaration signed out', declareIncome, { income: '1-5 Lac' }, 'Please sign in again to update your income declaration'],
    ['a nominee without a proof', saveNominees, { nominees: [{ firstName: 'Asha' }] }, 'Document proof is required'],
  ])('%s', async (_what, effect, data, words) => {
    expect(await refusal(effect, data)).toBe(words);
  });

  it('follows a reworded text', async () => {
    expect(await refusal(uploadPanImage, {}, reworded)).toBe('Add a photo of your PAN card first');
  });
});
