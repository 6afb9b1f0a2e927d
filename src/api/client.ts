import type { AxiosAdapter } from 'axios';
import type { ClientEvent } from '../../core/engine/analytics-events';
import type { Messages } from '../../core/engine/config-types';
import type { FieldKinds } from './upload-limits';

export const REQUEST_TIMEOUT_MS = 15_000;
/**
 * Uploads get longer than the spec's 15 s: 5 MB over a 1 Mbit/s mobile uplink takes ~40 s alone. A stalled
 * upload still ends, and its error goes through the same catalogue ('Server timed out').
 */
export const UPLOAD_TIMEOUT_MS = 120_000;
export const DEFAULT_API_BASE = '/api';

export interface ApiClientOptions {
  messages: Messages;
  baseURL?: string;
  /** Read on every request, so a token set after sign-in is sent at once. */
  getToken: () => string | null;
  /** The applicant's language, sent as Accept-Language so the server answers in it; default the browser's. */
  getLanguage?: () => string;
  /** 401: the caller clears the stored session and goes to '/'. */
  onUnauthorized: () => void;
  /** 400 'please complete previous steps': the caller sets the redirected flag and reloads at /refresh. */
  onOutOfSync: () => void;
  timeout?: number;
  /** Tests answer requests here instead of the network. */
  adapter?: AxiosAdapter;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** 'blob' for a file to save (the data export); JSON otherwise. */
  responseType?: 'blob';
}

export interface UploadOptions extends RequestOptions {
  /** Whole percent of the body sent so far (0-100), as the browser reports it. */
  onProgress?: (percent: number) => void;
  /** The upload kind of each file field, when known: its limit applies instead of its type's. */
  kinds?: FieldKinds;
}

/** The only surface components and call functions see; it resolves to the response body or rejects with ApiError. */
export interface ApiClient {
  get<T>(url: string, options?: RequestOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /**
   * POST as multipart/form-data with the same token, credentials and error catalogue. A file over its size limit
   * (images 5 MB, PDFs 10 MB) is refused here with a 413 ApiError, and nothing is sent.
   */
  upload<T>(url: string, body: FormData, options?: UploadOptions): Promise<T>;
  /** Starts loading the HTTP code now (say, when the applicant starts typing), so the first request need not wait for it. */
  preload?(): void;
  /** A funnel event (POST /api/events), batched and best effort: it never throws and never delays anything. */
  record?(event: ClientEvent): void;
}
