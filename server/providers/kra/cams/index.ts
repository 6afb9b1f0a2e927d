import type { VendorDefinition } from '../../vendor';
import type { KraClient } from '../kra';
import { createCamsClient } from './client';
import { camsSimulator } from './simulator';

export const cams: VendorDefinition<KraClient, never> = {
  capability: 'kra',
  vendor: 'cams',
  title: 'CAMS KRA (SOAP)',
  docs: ['https://camsonline.gitbook.io/sandbox-for-kra/verify-pan-details-iop1/request-parameters', 'https://camsonline.gitbook.io/sandbox-for-kra/verify-pan-details-iop1/response-parameters', 'https://camsonline.gitbook.io/sandbox-for-kra/download-pan-details-iop2/request-parameters'],
  variables: [
    { name: 'CAMS_KRA_URL', required: true, meaning: 'the KYC enquiry service CAMS gives on onboarding, e.g. https://www.camskra.com/services_kycenquiry.asmx (UAT: https://eiscuat1.camsonline.com/cispl/services_kycenquiry_uat.asmx)' },
    { name: 'CAMS_KRA_USER', required: true, meaning: 'the intermediary user id CAMS enabled for the web services (USERNAME; also APP_OTHKRA_CODE)' },
    { name: 'CAMS_KRA_PASSWORD', required: true, secret: true, meaning: 'its password, exchanged by GetPassword for the encrypted one the calls carry' },
    { name: 'CAMS_KRA_KEY', required: true, secret: true, meaning: 'the pass key CAMS issued (PASSKEY / APP_KEY)' },
    { name: 'CAMS_KRA_POS_CODE', required: true, meaning: 'the intermediary (POS) code PANs are verified under (POSCODE, APP_POS_CODE)' },
  ],
  create: createCamsClient,
  simulator: camsSimulator,
};
