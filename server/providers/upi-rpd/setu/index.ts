import type { VendorDefinition } from '../../vendor';
import type { UpiAppControls } from '../upi-app';
import type { ReversePennyDrop } from '../upi-rpd';
import { createSetuRpd, setuRpdVendor } from './client';
import { setuRpdRoutes, setuSimulatorCredentials, setuUpiApp } from './simulator';

export const setuRpd: VendorDefinition<ReversePennyDrop, UpiAppControls> = {
  capability: 'upi-rpd',
  vendor: setuRpdVendor,
  title: 'Setu BAV reverse penny drop',
  docs: [
    'https://docs.setu.co/data/bav/reverse-penny-drop/api-integration',
    'https://docs.setu.co/data/bav/reverse-penny-drop/webhook-authentication',
    'https://github.com/SetuHQ/docs/blob/main/api-references/data/bav/reverse-penny-drop.json',
  ],
  variables: [
    { name: 'SETU_BAV_BASE_URL', default: 'https://dg.setu.co', required: true, meaning: 'Setu Data Gateway host: https://dg.setu.co, or https://dg-sandbox.setu.co for its sandbox' },
    { name: 'SETU_BAV_CLIENT_ID', required: true, meaning: 'x-client-id issued by Setu' },
    { name: 'SETU_BAV_CLIENT_SECRET', required: true, secret: true, meaning: 'x-client-secret issued by Setu' },
    { name: 'SETU_BAV_PRODUCT_INSTANCE_ID', required: true, meaning: 'x-product-instance-id of the reverse penny drop product' },
  ],
  create: (settings, deps) =>
    createSetuRpd(
      {
        baseUrl: settings.SETU_BAV_BASE_URL ?? '',
        clientId: settings.SETU_BAV_CLIENT_ID ?? '',
        clientSecret: settings.SETU_BAV_CLIENT_SECRET ?? '',
        productInstanceId: settings.SETU_BAV_PRODUCT_INSTANCE_ID ?? '',
      },
      deps.http,
    ),
  simulator: {
    routes: (deps) => setuRpdRoutes({ store: deps.store, clock: deps.clock, delayMs: deps.delayMs }),
    settings: (baseUrl) => ({
      SETU_BAV_BASE_URL: baseUrl,
      SETU_BAV_CLIENT_ID: setuSimulatorCredentials.clientId,
      SETU_BAV_CLIENT_SECRET: setuSimulatorCredentials.clientSecret,
      SETU_BAV_PRODUCT_INSTANCE_ID: setuSimulatorCredentials.productInstanceId,
    }),
    controls: (deps) => setuUpiApp({ store: deps.store, clock: deps.clock, delayMs: deps.delayMs }),
  },
};
