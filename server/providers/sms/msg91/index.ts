import type { VendorDefinition } from '../../vendor';
import type { SmsClient } from '../sms';
import { createMsg91Client } from './client';
import { msg91Simulator } from './simulator';

export const msg91: VendorDefinition<SmsClient, never> = {
  capability: 'sms',
  vendor: 'msg91',
  title: 'MSG91 Flow API',
  docs: ['https://control.msg91.com/apidoc/textsms/send-sms-flow.php', 'https://msg91.com/help/template/how-to-create-flow-id-to-send-sms-via-api'],
  variables: [
    { name: 'MSG91_BASE_URL', default: 'https://control.msg91.com', required: true, meaning: "MSG91's API host" },
    { name: 'MSG91_AUTH_KEY', required: true, secret: true, meaning: 'the authkey (MSG91 panel, Authkey); its IP whitelist must hold the servers' },
    { name: 'MSG91_SENDER_ID', required: true, meaning: 'the DLT-registered header (6 letters), sent as `sender` for templates whose sender is FromAPI' },
  ],
  create: createMsg91Client,
  simulator: msg91Simulator,
};
