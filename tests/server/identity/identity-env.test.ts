import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/env';

describe('parseEnv: identity provider and account aggregator', () => {
  it('passes DIGIO_* and AA_* through, trimmed, leaving blank ones out', () => {
    const { app } = parseEnv({
      DIGIO_CLIENT_ID: ' ACK1 ',
      DIGIO_CLIENT_SECRET: 's',
      DIGIO_BASE_URL: '',
      DIGIO_ESIGN_TEMPLATES: 'kra_form=T1',
      AA_BASE_URL: 'https://fiu.example/v2',
      AA_REDIRECT_URL: 'https://onboard.example/income-proof/callback',
    });
    expect(app.providerEnv).toEqual({
      DIGIO_CLIENT_ID: 'ACK1',
      DIGIO_CLIENT_SECRET: 's',
      DIGIO_ESIGN_TEMPLATES: 'kra_form=T1',
      AA_BASE_URL: 'https://fiu.example/v2',
      AA_REDIRECT_URL: 'https://onboard.example/income-proof/callback',
    });
  });

  it('nothing set: both sandboxes', () => {
    const { app } = parseEnv({});
    expect(app.providerEnv).toEqual({});
  });
});
