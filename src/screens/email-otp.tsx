import { useAtom, useSetAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useApi } from '../api/api-context';
import { resendEmailOtp, verifyEmail } from '../api/user';
import { useConfig } from '../config/config-context';
import { continueRoute } from '../../core/engine/flow';
import { userDetailsAtom } from '../state/account';
import { emailStateAtom } from '../state/email';
import { text } from '../text/format';
import { messageText } from '../../core/engine/message-codes';
import { useToast } from '../ui/toast';
import { OtpStep } from './otp-step';
import type { ScreenProps } from './screen-props';
import { siblingRoute } from './step-routes';

/** /verify-email: submits by itself at 4 digits, then the next step from the server's user. */
export function EmailOtp({ copy, route }: ScreenProps) {
  const api = useApi();
  const navigate = useNavigate();
  const toast = useToast();
  const { flow, messages } = useConfig();
  const [emailState, setEmailState] = useAtom(emailStateAtom);
  const setUser = useSetAtom(userDetailsAtom);
  const entryRoute = siblingRoute(flow, route, -1);
  // Checked once: resetting the email state on success must not bounce this screen mid-navigation.
  const [allowed] = useState(emailState.isOtpSent && emailState.email !== '');
  if (!allowed) return <Navigate to={entryRoute} replace />;
  const { email } = emailState;

  const verify = async (otp: string) => {
    const { user } = await verifyEmail(api, { email, otp });
    setUser(user);
    setEmailState(RESET);
    toast.success(messageText(messages, 'toasts.emailVerified'));
    await navigate(continueRoute(flow, user.nextStep), { replace: true });
  };

  const resend = async () => {
    await resendEmailOtp(api, { email });
    setEmailState((state) => ({ ...state, isOtpResent: true }));
  };

  return (
    <OtpStep
      formName="emailOtp"
      copy={copy}
      subtitle={text(copy, 'subtitle', { email })}
      verify={verify}
      resend={resend}
      resentToast={messageText(messages, 'toasts.emailOtpResent')}
      onChangeTarget={() => {
        setEmailState((state) => ({ ...state, isOtpSent: false }));
        void navigate(entryRoute);
      }}
    />
  );
}
