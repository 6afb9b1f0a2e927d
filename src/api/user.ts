import type { ApiClient } from './client';
import type { MessageResponse, UserResponse, VerifyEmailResponse } from '../../core/api/types';

export const getUser = (api: ApiClient) => api.get<UserResponse>('/user');

export const setPrevious = (api: ApiClient) => api.post<UserResponse>('/user/set-previous');

export const addEmail = (api: ApiClient, body: { email: string }) => api.post<MessageResponse>('/user/add-email', body);

export const resendEmailOtp = (api: ApiClient, body: { email: string }) =>
  api.post<MessageResponse>('/user/resend-email-otp', body);

export const verifyEmail = (api: ApiClient, body: { email: string; otp: string }) =>
  api.post<VerifyEmailResponse>('/user/verify-email', body);
