import type { VendorDefinition } from '../../vendor';
import { optionsFrom, settingsFor } from '../../setting-names';
import type { UpiAppControls } from '../upi-app';
import type { ReversePennyDrop } from '../upi-rpd';
import { createSetuRpd, setuRpdSettings, setuRpdVendor } from './client';
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
  variables: setuRpdSettings.variables,
  create: (settings, deps) => createSetuRpd(optionsFrom(setuRpdSettings.names, settings), deps.http),
  simulator: {
    routes: setuRpdRoutes,
    settings: (baseUrl) => settingsFor(setuRpdSettings.names, { baseUrl, ...setuSimulatorCredentials }),
    controls: setuUpiApp,
  },
};
