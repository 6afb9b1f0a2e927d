import type { VendorDefinition } from '../../vendor';
import type { SmsClient } from '../sms';
import { createExotelClient } from './client';
import { exotelSimulator } from './simulator';

export const exotel: VendorDefinition<SmsClient, never> = {
  capability: 'sms',
  vendor: 'exotel',
  title: 'Exotel SMS API',
  docs: ['https://developer.exotel.com/docs/sms-api/api-reference/send-sms', 'https://developer.exotel.com/docs/sms-support/sms-status-codes'],
  variables: [
    { name: 'EXOTEL_BASE_URL', default: 'https://api.exotel.com', required: true, meaning: "Exotel's API host (https://api.in.exotel.com for the Mumbai cluster)" },
    { name: 'EXOTEL_API_KEY', required: true, meaning: 'the API key (Exotel dashboard, API settings)' },
    { name: 'EXOTEL_API_TOKEN', required: true, secret: true, meaning: 'the API token' },
    { name: 'EXOTEL_ACCOUNT_SID', required: true, meaning: 'the account SID' },
    { name: 'EXOTEL_SENDER_ID', required: true, meaning: 'the DLT-registered header (6 letters), sent as `From`' },
    { name: 'EXOTEL_DLT_ENTITY_ID', required: true, meaning: 'the principal entity id registered on DLT, sent as `DltEntityId`' },
  ],
  create: createExotelClient,
  simulator: exotelSimulator,
};
