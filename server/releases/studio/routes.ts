import type { FastifyPluginAsync } from 'fastify';
import type { StudioDraftList, StudioDraftView, StudioListsView, StudioTextList } from '../../../core/api/types';
import type { OptionEdit } from '../../../core/studio/lists';
import { format } from '../../../core/engine/format';
import { type NewStep, fieldKinds } from '../../../core/studio/new-step';
import { type SettingKey, type SettingValue, settingKeys } from '../../../core/studio/settings';
import type { OpsDeps } from '../../back-office/deps';
import { requireOpsActor } from '../../back-office/reviewer-auth';
import { bodyObject, errorResponseSchema, fullObject, responses } from '../../schemas/common';
import { ApiError } from '../../errors';
import { createPreview } from './preview';
import { createReleaseActions } from './release-actions';
import { createStudio } from './service';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const draftSchema = fullObject({
  id: text,
  author: text,
  purpose: text,
  baseRelease: { type: 'integer' },
  status: text,
  version: { type: 'integer' },
  publishedRelease: { type: ['integer', 'null'] },
  publishAt: nullableText,
  createdAt: text,
  updatedAt: text,
});
const wordsSchema = { type: 'object', additionalProperties: nullableText };
const draftView = fullObject({
  draft: draftSchema,
  languages: { type: 'array', items: fullObject({ code: text, name: text, default: { type: 'boolean' } }) },
  changes: { type: 'array', items: fullObject({ id: text, where: text, evidence: { type: 'boolean' }, language: text, before: nullableText, after: nullableText }) },
  translations: { type: 'array', items: fullObject({ id: text, where: text, evidence: { type: 'boolean' }, language: text, problem: text }) },
  findings: { type: 'array', items: fullObject({ textId: nullableText, where: nullableText, problem: text, said: text }) },
  history: { type: 'array', items: fullObject({ at: text, actor: text, action: text, note: nullableText }) },
  diff: {
    type: 'array',
    items: fullObject({ kind: text, subject: text, before: nullableText, after: nullableText, evidence: { type: 'boolean' }, languages: { type: 'array', items: text }, chosen: { type: ['integer', 'null'] }, open: { type: 'integer' } }),
  },
  release: fullObject({ wordingOnly: { type: 'boolean' }, openOnBase: { type: 'integer' } }),
  steps: { type: 'array', items: fullObject({ id: text, title: text }) },
  settings: { type: 'array', items: fullObject({ key: text, value: { anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }] }, minimum: { type: ['integer', 'null'] }, maximum: { type: ['integer', 'null'] } }) },
});
const listsView = fullObject({
  lists: {
    type: 'array',
    items: fullObject({
      name: text,
      questions: { type: 'array', items: text },
      options: { type: 'array', items: fullObject({ value: text, words: wordsSchema, chosen: { type: 'integer' }, open: { type: 'integer' }, status: text }) },
    }),
  },
});
const textList = fullObject({ texts: { type: 'array', items: fullObject({ id: text, where: text, evidence: { type: 'boolean' }, words: wordsSchema }) }, total: { type: 'integer' } });

const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] } as const;
const version = { type: 'integer', minimum: 1 } as const;
const note = { type: 'string', maxLength: 1000 } as const;
/** Words of one text: a paragraph of a disclosure at the most. */
const words = { type: 'string', maxLength: 5000 } as const;

type Id = { Params: { id: string } };
type Decision = Id & { Body: { version: number; note?: string } };
/** How often an instance looks for approvals whose time has come (a list of drafts looks too). */
const scheduleCheckMs = 30_000;

/**
 * The config studio's API (issue 31), under /api/ops/studio: drafts of the config's texts, in business terms and every
 * language side by side, checked at every change, proposed by an editor and published as a release by an approver.
 */
export function opsStudioRoutes({ ctx, auditClock }: OpsDeps): FastifyPluginAsync {
  const deps = {
    db: ctx.db,
    stamp: () => auditClock.stamp(),
    now: ctx.clock,
    checkOptions: { production: ctx.production },
    scheduledNote: (when: string) => format(ctx.opsConfig.texts.studioScheduledNote, { when }),
  };
  const studio = createStudio(deps);
  const preview = createPreview(studio);
  // A release just published has its browser client built at once: new sign-ups start on it when that is done.
  const published = (view: StudioDraftView): StudioDraftView => {
    if (view.draft.publishedRelease !== null) ctx.releases.buildClient(view.draft.publishedRelease);
    return view;
  };
  const releaseActions = createReleaseActions({ ...deps, runningRelease: async () => (await ctx.releases.forOps()).find(({ running }) => running)?.number ?? null });
  const actor = (request: Parameters<typeof requireOpsActor>[0]) => requireOpsActor(request).name;
  const decision = (required: string[]) => ({ params: idParams, body: bodyObject({ version, note }, required), response: responses(draftView) });
  return async (app) => {
    // Approvals whose time has come are published by whichever instance claims them first (studio.publishDue).
    let checking: Promise<void> | undefined;
    const publishDue = (): Promise<void> => {
      checking ??= studio
        .publishDue()
        .then((made) => made.forEach((number) => ctx.releases.buildClient(number)))
        .catch((error: unknown) => app.log.error({ err: error }, 'studio: publishing the drafts due failed'))
        .finally(() => {
          checking = undefined;
        });
      return checking;
    };
    const timer = setInterval(() => void publishDue(), scheduleCheckMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await checking;
    });
    const releaseRow = fullObject({ number: { type: 'integer' }, createdBy: text, createdAt: text, openApplications: { type: 'integer' }, current: { type: 'boolean' }, running: { type: 'boolean' } });
    const draftList = fullObject({
      drafts: { type: 'array', items: draftSchema },
      releases: fullObject({ current: { type: ['integer', 'null'] }, running: { type: ['integer', 'null'] }, all: { type: 'array', items: releaseRow } }),
    });
    app.get('/studio/drafts', { config: { opsPermission: 'readConfig' }, schema: { response: responses(draftList) } }, async (): Promise<StudioDraftList> => {
      await publishDue();
      const [drafts, releases] = await Promise.all([studio.list(), ctx.releases.forOps()]);
      const numberOf = (found: (typeof releases)[number] | undefined) => found?.number ?? null;
      const all = releases.map(({ number, createdBy, createdAt, openApplications, current, running }) => ({ number, createdBy, createdAt, openApplications, current, running }));
      return { drafts, releases: { current: numberOf(releases.find(({ current }) => current)), running: numberOf(releases.find(({ running }) => running)), all } };
    });

    app.post<{ Body: { purpose: string } }>(
      '/studio/drafts',
      { config: { opsPermission: 'editConfig' }, schema: { body: bodyObject({ purpose: { type: 'string', minLength: 1, maxLength: 200 } }, ['purpose']), response: { 201: draftView, ...responses(draftView) } } },
      async (request, reply): Promise<StudioDraftView> => {
        reply.code(201);
        return studio.create(actor(request), request.body.purpose.trim());
      },
    );

    app.get<Id>('/studio/drafts/:id', { config: { opsPermission: 'readConfig' }, schema: { params: idParams, response: responses(draftView) } }, async (request): Promise<StudioDraftView> => {
      await publishDue();
      return studio.get(request.params.id);
    });

    app.get<Id & { Querystring: { q?: string; limit?: number } }>(
      '/studio/drafts/:id/texts',
      {
        config: { opsPermission: 'readConfig' },
        schema: {
          params: idParams,
          querystring: { type: 'object', additionalProperties: false, properties: { q: { type: 'string', maxLength: 200 }, limit: { type: 'integer', minimum: 1, maximum: 500 } } },
          response: responses(textList),
        },
      },
      async (request): Promise<StudioTextList> => studio.texts(request.params.id, request.query.q ?? '', request.query.limit ?? 100),
    );

    app.put<Id & { Body: { textId: string; language: string; words: string; version: number } }>(
      '/studio/drafts/:id/words',
      {
        config: { opsPermission: 'editConfig' },
        schema: { params: idParams, body: bodyObject({ textId: { type: 'string', maxLength: 2000 }, language: { type: 'string', maxLength: 20 }, words, version }, ['textId', 'language', 'words', 'version']), response: responses(draftView) },
      },
      async (request): Promise<StudioDraftView> => studio.editWords(actor(request), request.params.id, request.body),
    );

    // A file for translators (CSV, UTF-8 with a byte-order mark so spreadsheets read the scripts right), and back.
    const languageQuery = { type: 'object', additionalProperties: false, properties: { language: { type: 'string', maxLength: 20 } }, required: ['language'] } as const;
    app.get<Id & { Querystring: { language: string } }>(
      '/studio/drafts/:id/translations',
      { config: { opsPermission: 'readConfig' }, schema: { params: idParams, querystring: languageQuery, response: { '4xx': errorResponseSchema, '5xx': errorResponseSchema } } },
      async (request, reply) => {
        const { name, csv } = await studio.translationsFile(request.params.id, request.query.language);
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(`\uFEFF${csv}`);
      },
    );
    await app.register(async (upload) => {
      upload.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 4 * 1024 * 1024 }, (_request, body, done) => done(null, body));
      upload.put<Id & { Querystring: { language: string; version: number }; Body: string }>(
        '/studio/drafts/:id/translations',
        {
          config: { opsPermission: 'editConfig' },
          schema: {
            params: idParams,
            querystring: { ...languageQuery, properties: { ...languageQuery.properties, version }, required: ['language', 'version'] },
            response: responses(draftView),
          },
        },
        async (request): Promise<StudioDraftView> => {
          if (typeof request.body !== 'string') throw new ApiError(415, 'studio.csvUnreadable');
          return studio.importTranslations(actor(request), request.params.id, { language: request.query.language, version: request.query.version, csv: request.body });
        },
      );
    });

    app.get<Id>('/studio/drafts/:id/lists', { config: { opsPermission: 'readConfig' }, schema: { params: idParams, response: responses(listsView) } }, async (request): Promise<StudioListsView> =>
      studio.lists(request.params.id),
    );

    const optionEdit = bodyObject({ value: { type: 'string', minLength: 1, maxLength: 200 }, words: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 500 } } }, ['value', 'words']);
    app.put<{ Params: { id: string; name: string }; Body: { version: number; options: OptionEdit[] } }>(
      '/studio/drafts/:id/lists/:name',
      {
        config: { opsPermission: 'editConfig' },
        schema: {
          params: { type: 'object', properties: { id: idParams.properties.id, name: { type: 'string', maxLength: 100 } }, required: ['id', 'name'] },
          body: bodyObject({ version, options: { type: 'array', minItems: 1, maxItems: 500, items: optionEdit } }, ['version', 'options']),
          response: responses(draftView),
        },
      },
      async (request): Promise<StudioDraftView> => studio.editList(actor(request), request.params.id, request.params.name, request.body),
    );

    app.put<{ Params: { id: string; key: SettingKey }; Body: { version: number; value: SettingValue } }>(
      '/studio/drafts/:id/settings/:key',
      {
        config: { opsPermission: 'editConfig' },
        schema: {
          params: { type: 'object', properties: { id: idParams.properties.id, key: { type: 'string', enum: [...settingKeys] } }, required: ['id', 'key'] },
          body: bodyObject({ version, value: { anyOf: [{ type: 'integer', minimum: 0, maximum: 10000 }, { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 0, maximum: 10000 } }] } }, ['version', 'value']),
          response: responses(draftView),
        },
      },
      async (request): Promise<StudioDraftView> => studio.editSetting(actor(request), request.params.id, { ...request.body, key: request.params.key }),
    );

    const languageWords = { type: 'object', minProperties: 1, maxProperties: 20, additionalProperties: { type: 'string', maxLength: 500 } } as const;
    const field = bodyObject(
      {
        kind: { type: 'string', enum: [...fieldKinds] },
        label: languageWords,
        required: { type: 'boolean' },
        options: { type: 'array', maxItems: 50, items: bodyObject({ value: { type: 'string', minLength: 1, maxLength: 100, pattern: '^\\S(.*\\S)?$' }, words: languageWords }, ['value', 'words']) },
      },
      ['kind', 'label', 'required'],
    );
    app.post<Id & { Body: NewStep & { version: number } }>(
      '/studio/drafts/:id/steps',
      {
        config: { opsPermission: 'editConfig' },
        schema: { params: idParams, body: bodyObject({ version, title: languageWords, after: { type: 'string', maxLength: 100 }, fields: { type: 'array', minItems: 1, maxItems: 20, items: field } }, ['version', 'title', 'after', 'fields']), response: responses(draftView) },
      },
      async (request): Promise<StudioDraftView> => studio.addStep(actor(request), request.params.id, request.body),
    );
    app.put<{ Params: { id: string; step: string }; Body: { version: number; after: string } }>(
      '/studio/drafts/:id/steps/:step/place',
      {
        config: { opsPermission: 'editConfig' },
        schema: {
          params: { type: 'object', properties: { id: idParams.properties.id, step: { type: 'string', maxLength: 100 } }, required: ['id', 'step'] },
          body: bodyObject({ version, after: { type: 'string', maxLength: 100 } }, ['version', 'after']),
          response: responses(draftView),
        },
      },
      async (request): Promise<StudioDraftView> => studio.moveStep(actor(request), request.params.id, { ...request.body, step: request.params.step }),
    );

    // The preview (issue 31): a draft's pages in a language, and each form's validators as a module the browser imports.
    const languageParam = { type: 'string', pattern: '^[a-z]{2,3}$' } as const;
    app.get<Id & { Querystring: { language: string } }>(
      '/studio/drafts/:id/preview',
      {
        config: { opsPermission: 'readConfig' },
        schema: {
          params: idParams,
          querystring: { type: 'object', additionalProperties: false, properties: { language: languageParam }, required: ['language'] },
          response: responses(fullObject({ language: text, version, languages: { type: 'array', items: fullObject({ code: text, name: text }) }, bundle: { type: 'object', additionalProperties: true }, pages: { type: 'array', items: fullObject({ route: text, step: text, stepTitle: text, schema: nullableText }) } })),
        },
      },
      async (request) => preview.config(request.params.id, request.query.language),
    );
    app.get<{ Params: { id: string; language: string; schema: string } }>(
      '/studio/drafts/:id/preview/:language/:schema.js',
      {
        config: { opsPermission: 'readConfig' },
        schema: {
          params: { type: 'object', properties: { id: idParams.properties.id, language: languageParam, schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,99}$' } }, required: ['id', 'language', 'schema'] },
          response: { '4xx': errorResponseSchema, '5xx': errorResponseSchema },
        },
      },
      async (request, reply) => {
        const code = await preview.validators(request.params.id, request.params.language, request.params.schema, (message) => request.log.warn(message));
        // Private to the signed-in: never kept by a shared cache.
        return reply.type('text/javascript; charset=utf-8').header('cache-control', 'private, no-cache').send(code);
      },
    );

    const releaseParams = { type: 'object', properties: { number: { type: 'integer', minimum: 1 } }, required: ['number'] } as const;
    app.post<{ Params: { number: number }; Body: { note?: string } }>(
      '/studio/releases/:number/rollback',
      { config: { opsPermission: 'approveConfig' }, schema: { params: releaseParams, body: bodyObject({ note }, []), response: { 201: draftView, ...responses(draftView) } } },
      async (request, reply): Promise<StudioDraftView> => {
        const id = await releaseActions.rollback(actor(request), request.params.number, request.body.note?.trim() ?? '');
        reply.code(201);
        return published(await studio.get(id));
      },
    );
    app.get<{ Params: { number: number } }>(
      '/studio/releases/:number/patch',
      { config: { opsPermission: 'readConfig' }, schema: { params: releaseParams, response: { '4xx': errorResponseSchema, '5xx': errorResponseSchema } } },
      async (request, reply) => {
        const { name, patch } = await releaseActions.patch(request.params.number);
        return reply.type('text/x-diff; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(patch);
      },
    );

    app.post<Decision>('/studio/drafts/:id/propose', { config: { opsPermission: 'editConfig' }, schema: decision(['version']) }, async (request) =>
      studio.propose(actor(request), request.params.id, request.body.version, request.body.note?.trim() ?? ''),
    );
    app.post<Decision>('/studio/drafts/:id/send-back', { config: { opsPermission: 'approveConfig' }, schema: decision(['version', 'note']) }, async (request) =>
      studio.sendBack(actor(request), request.params.id, request.body.version, request.body.note?.trim() ?? ''),
    );
    // Approved now, or at a time the approver chose (`at`): then publishDue publishes it as the next release.
    app.post<Decision & { Body: { at?: string } }>(
      '/studio/drafts/:id/approve',
      { config: { opsPermission: 'approveConfig' }, schema: { ...decision(['version']), body: bodyObject({ version, note, at: { type: 'string', format: 'date-time', maxLength: 40 } }, ['version']) } },
      async (request) => {
        const at = request.body.at === undefined ? undefined : Date.parse(request.body.at);
        return published(await studio.approve(actor(request), request.params.id, request.body.version, request.body.note?.trim() ?? '', at));
      },
    );
    app.post<Decision>('/studio/drafts/:id/cancel-schedule', { config: { opsPermission: 'approveConfig' }, schema: decision(['version']) }, async (request) =>
      studio.cancelSchedule(actor(request), request.params.id, request.body.version, request.body.note?.trim() ?? ''),
    );

  };
}
