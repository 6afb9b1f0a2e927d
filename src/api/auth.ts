import type { MessageCode } from '../../core/engine/message-codes';
import type { ApiClient } from './client';
import type { MessageResponse, SignInResponse, TokenResponse } from '../../core/api/types';
import { isApiError } from './api-error';

/** The server's code for 'mobile number not registered' (flow-config/messages.json). */
const notRegisteredCode = 'signIn.notRegistered' satisfies MessageCode;

export interface LoginBody {
  phone: string;
  referrer?: string;
  source?: string;
}

const verifyHeader = (verifyToken: string) => ({ headers: { 'x-verify-token': verifyToken } });

export const login = (api: ApiClient, body: LoginBody) => api.post<TokenResponse>('/login', body);

export const signup = (api: ApiClient, body: LoginBody) => api.post<TokenResponse>('/signup', body);

/** Spec 8: an unknown number is signed up automatically, so the applicant never sees that error. */
export async function loginOrSignup(api: ApiClient, body: LoginBody): Promise<TokenResponse> {
  try {
    return await login(api, body);
  } catch (error) {
    if (isApiError(error) && error.serverCode === notRegisteredCode) return signup(api, body);
    throw error;
  }
}

/** `noticeVersion`: the Privacy Notice the applicant accepted on /login (needed at first sign-in and after it changes). */
export const verifyMobileOtp = (api: ApiClient, body: { otp: string; phone: string; noticeVersion?: string }, verifyToken: string) =>
  api.post<SignInResponse>('/verify/mobile-otp', body, verifyHeader(verifyToken));

export const resendMobileOtp = (api: ApiClient, body: { phone: string }, verifyToken: string) =>
  api.post<MessageResponse>('/resend-mobile-otp', body, verifyHeader(verifyToken));

export const logout = (api: ApiClient) => api.post<MessageResponse>('/logout');
