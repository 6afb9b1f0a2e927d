import { defineScreen } from './screen-definition';

export const mobileOtpScreen = defineScreen({
  name: 'mobileOtp',
  load: () => import('./mobile-otp').then((m) => m.MobileOtp),
});
