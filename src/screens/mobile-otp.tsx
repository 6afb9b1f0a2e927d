import { useAtomValue, useSetAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useApi } from '../api/api-context';
import { resendMobileOtp, verifyMobileOtp } from '../api/auth';
import { useConfig } from '../config/config-context';
import { continueRoute } from '../../core/engine/flow';
import {
  acceptedNoticeAtom,
  authTokenAtom,
  isOtpResentAtom,
  isOtpVerifiedAtom,
  mobileNumberAtom,
  redirectAfterLoginAtom,
  userDetailsAtom,
  verifyTokenAtom,
} from '../state/account';
import { text } from '../text/format';
import { messageText } from '../../core/engine/message-codes';
import { useToast } from '../ui/toast';
import { OtpStep } from './otp-step';
import type { ScreenProps } from './screen-props';
import { pagesOfAnotherRelease } from '../app/release-pages';

/** /verify-otp: the code sent by SMS; success signs the applicant in. */
export function MobileOtp({ copy }: ScreenProps) {
  const api = useApi();
  const navigate = useNavigate();
  const toast = useToast();
  const { flow, messages } = useConfig();
  const verifyToken = useAtomValue(verifyTokenAtom);
  const phone = useAtomValue(mobileNumberAtom);
  const redirectAfterLogin = useAtomValue(redirectAfterLoginAtom);
  const setVerifyToken = useSetAtom(verifyTokenAtom);
  const setAuthToken = useSetAtom(authTokenAtom);
  const setUser = useSetAtom(userDetailsAtom);
  const setRedirect = useSetAtom(redirectAfterLoginAtom);
  const setResent = useSetAtom(isOtpResentAtom);
  const setVerified = useSetAtom(isOtpVerifiedAtom);
  const noticeVersion = useAtomValue(acceptedNoticeAtom);
  // Read once: clearing the verify token on success must not bounce this screen to /login mid-navigation.
  const [session] = useState(() => (verifyToken && phone ? { verifyToken, phone } : null));
  if (!session) return <Navigate to={flow.routes.login} replace />;
  const { phone: number } = session;

  const verify = async (otp: string) => {
    const { user, token, applicationsOnNumber = 1 } = await verifyMobileOtp(api, { otp, phone: number, ...(noticeVersion ? { noticeVersion } : {}) }, session.verifyToken);
    // A number family members share holds several applications: whose to continue is asked first.
    const chooser = applicationsOnNumber > 1 ? flow.routes.applications : undefined;
    const target = redirectAfterLogin ?? chooser ?? continueRoute(flow, user.nextStep);
    setAuthToken(token);
    setUser(user);
    setVerified(true);
    setRedirect(RESET);
    setVerifyToken(RESET);
    toast.success(messageText(messages, 'toasts.loggedIn'));
    // Their release's pages, when this page is another release's: the server sends them on a fresh load.
    if (pagesOfAnotherRelease()) window.location.replace(target);
    else await navigate(target, { replace: true });
  };

  const resend = async () => {
    await resendMobileOtp(api, { phone: number }, session.verifyToken);
    setResent(true);
  };

  return (
    <OtpStep
      formName="mobileOtp"
      copy={copy}
      subtitle={text(copy, 'subtitle', { phone: number })}
      verify={verify}
      resend={resend}
      resentToast={messageText(messages, 'toasts.otpResent')}
      onChangeTarget={() => void navigate(flow.routes.login)}
    />
  );
}
