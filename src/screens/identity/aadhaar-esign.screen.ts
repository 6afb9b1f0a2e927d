import { defineScreen } from '../screen-definition';

export const aadhaarEsignScreen = defineScreen({
  name: 'aadhaarEsign',
  load: () => import('./aadhaar-esign').then((m) => m.AadhaarEsign),
});
