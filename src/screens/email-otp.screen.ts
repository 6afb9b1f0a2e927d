import { defineScreen } from './screen-definition';

export const emailOtpScreen = defineScreen({
  name: 'emailOtp',
  load: () => import('./email-otp').then((m) => m.EmailOtp),
});
