import { messageText } from '../../core/engine/message-codes';
import { ApiError } from './api-error';
import { DEFAULT_API_BASE, type ApiClient, type ApiClientOptions } from './client';
import type { EventQueue } from './event-queue';

/**
 * The api client. axios (~20 KB gzip) loads with the first request or preload(), not with the page:
 * /login paints and hydrates without it, and a signed-in start asks for the user at once anyway.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let client: Promise<ApiClient> | undefined;
  const load = () => (client ??= import('./axios-client').then(({ createAxiosClient }) => createAxiosClient(options)));
  let events: Promise<EventQueue> | undefined;
  const queue = () =>
    (events ??= import('./event-queue').then(({ createEventQueue }) =>
      createEventQueue({ baseURL: options.baseURL ?? DEFAULT_API_BASE, getToken: options.getToken }),
    ));
  return {
    get: async (url, requestOptions) => (await load()).get(url, requestOptions),
    post: async (url, body, requestOptions) => (await load()).post(url, body, requestOptions),
    upload: async (url, body, uploadOptions) => {
      // Checked before anything is sent: a file over its limit never leaves the browser. The limits (from
      // flow-config/uploads.json) load with the first upload, as the pages that upload already have them.
      const { formDataSizeProblem } = await import('./upload-limits');
      const tooLarge = formDataSizeProblem(body, messageText(options.messages, 'upload.fileTooLarge'), uploadOptions?.kinds);
      if (tooLarge) throw new ApiError(413, tooLarge, '');
      return (await load()).upload(url, body, uploadOptions);
    },
    preload: () => void load(),
    record: (event) => void queue().then((loaded) => loaded.add(event), () => undefined),
  };
}
