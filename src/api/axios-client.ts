import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { messageText } from '../../core/engine/message-codes';
import { ApiError } from './api-error';
import { classifyFailure } from './http-failures';
import { DEFAULT_API_BASE, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS, type ApiClient, type ApiClientOptions } from './client';

function toApiError(error: unknown, options: ApiClientOptions): ApiError {
  if (error instanceof ApiError) return error;
  if (!axios.isAxiosError(error)) return new ApiError(0, messageText(options.messages, 'errors.fallback'), '');
  const failure = error as AxiosError;
  const response = failure.response;
  const { error: apiError, outcome } = classifyFailure(
    response
      ? { status: response.status, body: response.data, retryAfter: response.headers?.['retry-after'] as string | undefined }
      : { code: failure.code },
    options.messages,
  );
  if (outcome === 'unauthorized') options.onUnauthorized();
  if (outcome === 'outOfSync') options.onOutOfSync();
  return apiError;
}

/** The one axios instance and its interceptors (token, language, failures worded by http-failures.ts); loaded with the first request. */
export function createAxiosClient(options: ApiClientOptions): ApiClient {
  const instance: AxiosInstance = axios.create({
    baseURL: options.baseURL ?? DEFAULT_API_BASE,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    withCredentials: true,
    headers: { Accept: 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  instance.interceptors.request.use((config) => {
    const token = options.getToken();
    if (token) config.headers.set('x-access-token', token);
    const language = options.getLanguage?.();
    if (language) config.headers.set('Accept-Language', language);
    return config;
  });
  instance.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error, options)));

  const send = async <T>(config: AxiosRequestConfig): Promise<T> => (await instance.request<T>(config)).data;
  return {
    get: (url, opts) =>
      send({
        method: 'GET',
        url,
        headers: opts?.headers,
        params: opts?.params,
        // A file takes as long as an upload may: an export with its documents is a few MB.
        ...(opts?.responseType ? { responseType: opts.responseType, timeout: Math.max(options.timeout ?? REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS) } : {}),
      }),
    post: (url, body, opts) => send({ method: 'POST', url, data: body ?? {}, headers: opts?.headers, params: opts?.params }),
    upload: (url, body, opts) => {
      const onProgress = opts?.onProgress;
      return send({
        method: 'POST',
        url,
        data: body,
        headers: opts?.headers,
        params: opts?.params,
        timeout: Math.max(options.timeout ?? REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS),
        ...(onProgress
          ? { onUploadProgress: (event) => event.total && onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100))) }
          : {}),
      });
    },
  };
}
