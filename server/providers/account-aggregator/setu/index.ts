import type { VendorDefinition } from '../../vendor';
import type { AccountAggregator, AggregatorControls } from '../account-aggregator';
import { createSetuAggregator } from './client';
import { setuAaSimulatorRoutes, setuAaSimulatorSettings } from './simulator';
import { createSetuAaControls, setuAaPages, setuAaPagesPrefix } from './simulator-pages';

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
    covers:
      'The login service (`POST /v1/users/login`, `client: bridge`; tokens last 300 s, 401 after) and the FIU API under one prefix: `POST /v2/consents`, `GET /v2/consents/{id}` (the read and `expanded=true` views; 400 "Consent has expired" past the consent\'s duration), `GET /v2/consents/{id}/data-sessions`, `POST /v2/sessions` (the consent ACTIVE, the range within its own), `GET /v2/sessions/{id}` with a generated savings-account statement in the deposit JSON; the documented 404s (unknown consent, wrong product instance). Its consent page at `/sim/setu/v2/consents/webview/{id}` approves, rejects or cancels, redirects with `success`, `id`, `errorcode`, `errormsg`, and notifies `POST /api/webhooks/setu-aa`. By the mobile\'s last four digits: `0000` the bank shares no data, `1111` a low income, `2222` data 10 s late, `3333` consent FAILED, `4444` INITIATED until the page opens, `5000` Setu answers 500, `9999` every answer slow; the page offers the same bank answers.',
  },
};
