import { basename, dirname } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mergePages, type ConfigBundle, type Messages, type PageConfig } from '../../core/engine/config-types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { acceptedLanguage, declaredLanguage, type LanguagesConfig } from '../../core/engine/languages';
import { type Say, isMessageCode, sayFrom } from '../../core/engine/message-codes';
import type { PrivacyConfig } from '../../core/engine/privacy';
import { type TextFileKind, translated } from '../../core/engine/translations';
import { settingsOf } from '../../core/engine/settings';
import { loadStepSchemas } from '../validation/step-schemas';
import type { Translations } from '../config/languages';
import { uploadsConfig } from '../documents/uploads/upload-kinds';
import { runtimeWordSources, translatedWords } from './english-words';

/** Everything the server words, in one language: the config files as flow-config/languages/<code>/ translates them. */
export interface LanguageTexts {
  code: string;
  /** A text of messages.json by code, placeholders filled. */
  say: Say;
  messages: Messages;
  /** flow.json's texts: the review emails. */
  flow: FlowConfig;
  /** flow-config/pages merged by route: texts the server records as the applicant read them (a skip's declaration). */
  pages: Record<string, PageConfig>;
  privacy: PrivacyConfig;
  /**
   * A message held as a code, or English words the server holds while it runs (a step schema's message as ajv gives
   * it, an upload's label in a refusal): its words in this language; anything else (a name, a number) as it is.
   */
  words(message: string): string;
  /** The step schemas (lists inlined) as this language reads them, by id: their titles and options' words. Read once, when first asked. */
  stepSchemas(): Readonly<Record<string, Record<string, unknown>>>;
}

export interface Texts {
  languages: LanguagesConfig;
  /** A declared language's texts; the default's for null (an applicant who never chose) or anything undeclared. */
  in(language: string | null | undefined): LanguageTexts;
  /** The texts of the language a request is answered in (see requestLanguage). */
  of(request: FastifyRequest): LanguageTexts;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The texts of this request's language: every answer the server words takes its words here. */
    readonly texts: LanguageTexts;
  }
}

/**
 * The one rule for the language of an answer: the first declared language of Accept-Language (by q-value): what the
 * client reads now; else the signed-in applicant's stored choice; else the default.
 */
export function requestLanguage(languages: LanguagesConfig, request: FastifyRequest): string {
  const header = request.headers['accept-language'];
  return (
    acceptedLanguage(languages, typeof header === 'string' ? header : undefined) ??
    declaredLanguage(languages, request.user?.language) ??
    languages.default
  );
}

interface TextSources {
  bundle: ConfigBundle;
  translations: Translations;
  /** The step schemas as written, for their messages. */
  stepSchemas: readonly { file: string; raw: unknown }[];
}

function languageTexts(code: string, { bundle, translations, stepSchemas }: TextSources): LanguageTexts {
  const files = translations.files[code] ?? {};
  const own = <T>(kind: TextFileKind, name: string, english: T): T =>
    files[name] === undefined ? english : translated(kind, english, files[name]);
  const messages = own('messages', 'messages.json', bundle.messages);
  const pageFiles = Object.fromEntries(Object.entries(bundle.pageFiles).map(([label, file]) => [label, own('page', `pages/${basename(label)}`, file)]));
  // The upload rules' labels come from the process's uploads.json (upload-kinds.ts): its texts are what refusals hold.
  const runtimeWords = translatedWords(runtimeWordSources(stepSchemas, uploadsConfig, files));
  const say = sayFrom(messages);
  let schemas: Record<string, Record<string, unknown>> | undefined;
  const stepSchemasDir = stepSchemas[0] ? dirname(stepSchemas[0].file) : undefined;
  const schemaTexts = (kind: 'stepSchema' | 'list', file: string, content: unknown) => {
    const translation = files[`${kind === 'list' ? 'lists' : 'step-data'}/${basename(file)}`];
    return translation === undefined ? content : translated(kind, content, translation);
  };
  return {
    code,
    say,
    messages,
    flow: own('flow', 'flow.json', bundle.flow),
    pages: mergePages({ pageFiles }),
    privacy: own('privacy', 'privacy.json', bundle.privacy),
    words: (message) => (isMessageCode(messages, message) ? say(message) : (runtimeWords.get(message) ?? message)),
    stepSchemas() {
      schemas ??= stepSchemasDir
        ? Object.fromEntries(loadStepSchemas(stepSchemasDir, settingsOf(bundle.flow), schemaTexts).map(({ id, schema }) => [id, schema]))
        : {};
      return schemas;
    },
  };
}

/** Every declared language's texts, built once at start-up (a few structured copies of the config). */
export function createTexts(sources: TextSources): Texts {
  const { languages } = sources.translations;
  const byCode = new Map(languages.languages.map(({ code }) => [code, languageTexts(code, sources)]));
  const fallback = byCode.get(languages.default) ?? languageTexts(languages.default, sources);
  const texts: Texts = {
    languages,
    in: (language) => (language ? byCode.get(language) : undefined) ?? fallback,
    of: (request) => texts.in(requestLanguage(languages, request)),
  };
  return texts;
}

/** request.texts: read when an answer is worded, so a signed-in applicant's stored language counts once known. */
export function decorateTexts(app: FastifyInstance, texts: Texts): void {
  app.decorateRequest('texts', {
    getter(this: FastifyRequest) {
      // A signed-in applicant reads the texts of the release their application is pinned to (platform/runtime.ts).
      return (this.runtime?.texts ?? texts).of(this);
    },
  });
  // An API answer's words follow Accept-Language: a shared cache must not hand one language's answer to another.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('vary', 'Accept-Language');
    done();
  });
}
