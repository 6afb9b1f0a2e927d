import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { SimulatorDeps } from '../../vendor';
import { type IdentityControls, identityActions, identityPhotoPattern } from '../identity';
import { type DocumentRecord, type KycRecord, answerInGateway, deliverWebhook } from './simulator-records';
import { simulatorWebhookSecret } from './simulator';

/**
 * The applicant's side of Digio's simulator, mounted on the app at /sim/digio outside production: the Web SDK's script
 * (simulator-sdk.ts, compiled once) and the gateway it reports to, authorised by the request's access token as Digio's
 * gateway is. `controls` is what POST /api/dev/identity/{requestId}/{action} calls: the same answer without the dialog.
 */

export function simulatorControls(deps: SimulatorDeps): IdentityControls {
  const webhook = { url: `${deps.publicUrl.replace(/\/+$/, '')}/api/webhooks/digio`, secret: simulatorWebhookSecret };
  return {
    answer: (requestId, action, photo) => answerInGateway(deps.store, deps.clock(), requestId, action, photo, (envelope) => deliverWebhook(webhook, envelope)),
  };
}

let compiled: Promise<string> | undefined;

/** The SDK as the browser runs it: simulator-sdk.ts compiled to one plain script (esbuild, as Vite and tsx use it). */
export function simulatorSdkScript(): Promise<string> {
  compiled ??= (async () => {
    const { transform } = await import('esbuild');
    const source = await readFile(join(import.meta.dirname, 'simulator-sdk.ts'), 'utf8');
    const { code } = await transform(source, { loader: 'ts', format: 'iife', target: 'es2020', legalComments: 'none' });
    return code;
  })().catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

const tokenBody = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 100 }, identifier: { type: 'string', maxLength: 200 }, photo: { type: 'string', pattern: identityPhotoPattern } },
  additionalProperties: false,
} as const;

export function simulatorBrowserRoutes(deps: SimulatorDeps): FastifyPluginAsync {
  const controls = simulatorControls(deps);
  return async (app) => {
    app.get('/sdk/v11/digio.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(await simulatorSdkScript()));

    /** The request's holder, when the token (the access token Digio handed out with it) is right. */
    const holder = async (requestId: string, token: string | undefined): Promise<{ kind: 'kyc' | 'selfie' | 'esign'; identifier: string; document?: string } | undefined> => {
      if (requestId.startsWith('DID')) {
        const document = await deps.store.get<DocumentRecord>('document', requestId);
        if (!document || document.token !== token) return undefined;
        return { kind: 'esign', identifier: document.signer.identifier, document: document.signer.reason ?? document.file_name };
      }
      const request = await deps.store.get<KycRecord>('kyc', requestId);
      if (!request || request.token !== token) return undefined;
      return { kind: request.kind, identifier: request.customer_identifier };
    };

    app.post<{ Params: { requestId: string }; Body: { token?: string; identifier?: string } }>(
      '/gateway/:requestId/open',
      { schema: { body: tokenBody } },
      async (request, reply) => {
        const found = await holder(request.params.requestId, request.body.token);
        if (!found || (request.body.identifier && request.body.identifier !== found.identifier)) return reply.code(404).send({ message: 'This request cannot be opened here' });
        return found;
      },
    );

    for (const action of identityActions) {
      app.post<{ Params: { requestId: string }; Body: { token?: string; photo?: string } }>(
        `/gateway/:requestId/${action}`,
        { schema: { body: tokenBody } },
        async (request, reply) => {
          if (!(await holder(request.params.requestId, request.body.token))) return reply.code(404).send({ message: 'This request cannot be opened here' });
          return controls.answer(request.params.requestId, action, request.body.photo);
        },
      );
    }
  };
}
