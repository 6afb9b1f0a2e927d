import type { VendorDefinition } from '../../vendor';
import type { KraClient } from '../kra';
import { createCvlClient } from './client';
import { cvlSimulator } from './simulator';

export const cvl: VendorDefinition<KraClient, never> = {
  capability: 'kra',
  vendor: 'cvl',
  title: 'CVL KRA PAN inquiry (PanInquiry.asmx)',
  docs: ['https://www.cvlkra.com/PanInquiry.asmx'],
  variables: [
    { name: 'CVL_KRA_URL', default: 'https://www.cvlkra.com/PanInquiry.asmx', required: true, meaning: 'the PAN inquiry service (UAT: https://test.cvlkra.com/paninquiry.asmx)' },
    { name: 'CVL_KRA_USER', required: true, meaning: 'the user name CVL issued (userName)' },
    { name: 'CVL_KRA_PASSWORD', required: true, secret: true, meaning: 'its password, exchanged by GetPassword for the encrypted one the calls carry' },
    { name: 'CVL_KRA_POS_CODE', required: true, meaning: 'the intermediary (POS) code (PosCode; also APP_POS_CODE and APP_RTA_CODE)' },
    { name: 'CVL_KRA_PASSKEY', required: true, secret: true, meaning: 'the pass key (PassKey)' },
  ],
  create: createCvlClient,
  simulator: cvlSimulator,
};
