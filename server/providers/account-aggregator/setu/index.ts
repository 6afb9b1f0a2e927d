import type { VendorDefinition } from '../../vendor';
import type { AccountAggregator, AggregatorControls } from '../account-aggregator';
import { createSetuAggregator } from './client';
import { setuAaSimulatorRoutes, setuAaSimulatorSettings } from './simulator';
import { createSetuAaControls, setuAaPages } from './simulator-pages';

/** Where the app mounts the simulator's pages (simulators.ts: /sim/<vendor>). */
export const setuAaPagesPrefix = '/sim/setu';

/** AA_VENDOR=setu: Setu's AA gateway, FIU API v2. */
export const setuAccountAggregator: VendorDefinition<AccountAggregator, AggregatorControls> = {
  capability: 'account-aggregator',
  vendor: 'setu',
  title: 'Setu Account Aggregator (FIU API v2)',
  docs: [
    'https://docs.setu.co/data/account-aggregator/api-reference',
    'https://docs.setu.co/data/account-aggregator/api-integration/consent-flow',
    'https://docs.setu.co/data/account-aggregator/api-integration/data-apis',
    'https://docs.setu.co/data/account-aggregator/api-integration/notifications',
    'https://docs.setu.co/data/account-aggregator/embed-setu-aa',
  ],
  variables: [
    { name: 'SETU_AA_BASE_URL', default: 'https://fiu.setu.co', required: true, meaning: "Setu's FIU API (sandbox: https://fiu-sandbox.setu.co)" },
    { name: 'SETU_AUTH_URL', default: 'https://orgservice-prod.setu.co', required: true, meaning: "Setu's login service (POST /v1/users/login), for sandbox and production credentials alike" },
    { name: 'SETU_AA_CLIENT_ID', required: true, meaning: "The FIU product's client id, from the Bridge" },
    { name: 'SETU_AA_CLIENT_SECRET', required: true, secret: true, meaning: "The FIU product's client secret, from the Bridge" },
    { name: 'SETU_AA_PRODUCT_INSTANCE_ID', required: true, meaning: "The FIU product's id on the Bridge (x-product-instance-id)" },
  ],
  create(settings, deps) {
    const value = (name: string) => settings[name] ?? '';
    return createSetuAggregator(
      {
        baseUrl: value('SETU_AA_BASE_URL'),
        authUrl: value('SETU_AUTH_URL'),
        clientId: value('SETU_AA_CLIENT_ID'),
        clientSecret: value('SETU_AA_CLIENT_SECRET'),
        productInstanceId: value('SETU_AA_PRODUCT_INSTANCE_ID'),
      },
      deps,
    );
  },
  simulator: {
    routes: (deps) => setuAaSimulatorRoutes(deps, { pagesUrl: `${deps.publicUrl.replace(/\/+$/, '')}${setuAaPagesPrefix}` }),
    settings: setuAaSimulatorSettings,
    browserRoutes: (deps) => setuAaPages(deps, createSetuAaControls(deps)),
    controls: createSetuAaControls,
  },
};
