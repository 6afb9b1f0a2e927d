import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SignInResponse, TokenResponse, UserResponse } from '../../../core/api/types';
import { messageText } from '../../../core/engine/message-codes';
import { fillEmail } from '../../../core/engine/review';
import { defaultConfigDir } from '../../../server/config/load-config';
import { resolveLimits } from '../../../server/limits';
import { validityMinutes } from '../../../server/platform/otp-messages';
import { type TestApp, auth, get, latestCode, newPhone, outbox, post, startTestApp, verifyOtp } from '../helpers';
import { flowTextsOf, markedHindiConfig, messagesOf, schemaMessageIn, uploadsTextsOf } from '../language-fixtures';
import { decide, emailsTo, opsToken, publicUrl, reviewApplicant, userOf } from '../ops-fixtures';
import { acknowledgeEvidence, type EsignEntry } from '../identity-fixtures';
import { applicantAt, applicantAtPan } from '../step-fixtures';
import { multipart, smallPdf } from '../upload-fixtures';

/**
 * The server answers in the request's language (Accept-Language, else the applicant's stored choice, else the
 * default) and writes emails and SMS in the recipient's. Every expected text is read from the config files.
 */
const configDir = markedHindiConfig();
const english = messagesOf(configDir);
const hindi = messagesOf(configDir, 'hi');
const minutes = validityMinutes(resolveLimits().otpTtlMs);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ configDir, opsToken, publicUrl, limits: { sendsPerIp: 10_000 } });
});
afterAll(() => t.close());

const inLanguage = (header: string | undefined, token?: string) => ({
  headers: { ...(header === undefined ? {} : { 'accept-language': header }), ...(token ? auth(token).headers : {}) },
});
const chooseLanguage = (token: string, language: unknown, header?: string) => post(t.app, '/api/user/language', { language }, inLanguage(header, token));

describe("the request's language", () => {
  it.each([
    ['hi', hindi],
    ['hi-IN,hi;q=0.9,en;q=0.8', hindi],
    ['fr, en;q=0.5, hi;q=0.8', hindi],
    ['en', english],
    ['en-GB, hi;q=0.5', english],
    ['fr', english],
    [undefined, english],
  ])('refuses a bad mobile number in the language Accept-Language %s picks (the default when it names none)', async (header, texts) => {
    const response = await post(t.app, '/api/login', { phone: '12345' }, inLanguage(header));
    expect(response.statusCode).toBe(400);
    const words = messageText(texts, 'validation.mobile');
    expect(response.json<ApiErrorBody>()).toMatchObject({ message: words, errorMessage: words, code: 'validation.mobile' });
  });

  it('tells caches that an API answer varies with Accept-Language', async () => {
    const response = await post(t.app, '/api/login', { phone: '12345' }, inLanguage('hi'));
    expect(String(response.headers.vary)).toContain('Accept-Language');
  });

  it('answers a step schema\'s validation messages in Hindi, by field', async () => {
    const who = await applicantAtPan(t);
    const bad = { pan: 'not-a-pan', dateOfBirth: '15/08/1990' };
    const inEnglish = (await post(t.app, '/api/user/pan-number', bad, inLanguage('en', who.token))).json<ApiErrorBody>();
    const inHindi = (await post(t.app, '/api/user/pan-number', bad, inLanguage('hi', who.token))).json<ApiErrorBody>();
    expect(Object.keys(inEnglish.errors ?? {})).toEqual(['pan']);
    const expected = Object.fromEntries(Object.entries(inEnglish.errors ?? {}).map(([field, messages]) => [field, messages.map((message) => schemaMessageIn(configDir, 'hi', 'pan.schema.json', message))]));
    expect(inHindi).toMatchObject({ statusCode: 400, errors: expected, message: expected.pan?.[0] });
  });

  it("names an upload's kind and types in Hindi when refusing the file", async () => {
    const who = await applicantAt(t, 'pan_image_upload');
    const { body, contentType } = multipart([{ name: 'pan', filename: 'pan.jpg', contentType: 'image/jpeg', data: smallPdf() }]);
    const headers = { ...inLanguage('hi', who.token).headers, 'content-type': contentType };
    const response = await t.app.inject({ method: 'POST', url: '/api/user/pan-proof-upload', payload: body, headers });
    const { label = '', acceptText = '' } = uploadsTextsOf(configDir, 'hi').kinds.pan_image ?? {};
    expect({ status: response.statusCode, message: response.json<ApiErrorBody>().message }).toEqual({ status: 415, message: messageText(hindi, 'upload.wrongType', { label, accept: acceptText }) });
  });

  it('signs up in the language of the request: the code by SMS in it, and the applicant keeps it', async () => {
    const phone = newPhone();
    const token = (await post(t.app, '/api/signup', { phone }, inLanguage('hi'))).json<TokenResponse>().token;
    const [sms] = await outbox(t.app, phone);
    expect(sms?.text).toBe(messageText(hindi, 'otp.sms', { code: sms?.code ?? '', minutes }));
    const signedIn = (await verifyOtp(t.app, phone, token, await latestCode(t.app, phone))).json<SignInResponse>();
    expect(signedIn.user.language).toBe('hi');
    // Signed in, a request without Accept-Language is answered in the stored choice; one with it, in its own.
    expect((await chooseLanguage(signedIn.token, 'xx')).json<ApiErrorBody>().message).toBe(messageText(hindi, 'validation.language'));
    expect((await chooseLanguage(signedIn.token, 'xx', 'en')).json<ApiErrorBody>().message).toBe(messageText(english, 'validation.language'));
  });
});

describe('POST /api/user/language', () => {
  it('keeps a declared language with the applicant, as GET /api/user shows it', async () => {
    const who = await applicantAtPan(t);
    const chosen = await chooseLanguage(who.token, 'hi');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<UserResponse>().user.language).toBe('hi');
    expect((await get(t.app, '/api/user', auth(who.token))).json<UserResponse>().user.language).toBe('hi');
    expect((await chooseLanguage(who.token, 'en')).json<UserResponse>().user.language).toBe('en');
  });

  it.each([['xx'], ['HI'], [''], [7], [undefined]])('refuses %j with 400 in words of messages.json', async (language) => {
    const who = await applicantAtPan(t);
    const response = await post(t.app, '/api/user/language', language === undefined ? {} : { language }, auth(who.token));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({ message: messageText(english, 'validation.language'), code: 'validation.language' });
    expect((await userOf(t, who)).language).toBe('en');
  });

  it('is for signed-in applicants only', async () => {
    expect((await post(t.app, '/api/user/language', { language: 'hi' })).statusCode).toBe(401);
  });
});

describe('emails in the language the applicant chose', () => {
  it('sends the email verification code in Hindi', async () => {
    const who = await applicantAtPan(t);
    await chooseLanguage(who.token, 'hi');
    const email = `hindi-${who.phone}@example.com`;
    expect((await post(t.app, '/api/user/add-email', { email }, auth(who.token))).statusCode).toBe(200);
    const code = await latestCode(t.app, email);
    expect(await emailsTo(t, email)).toEqual([{ subject: messageText(hindi, 'otp.emailSubject'), text: messageText(hindi, 'otp.emailText', { code, minutes }) }]);
  });

  it("writes a review decision's email in Hindi, whatever language the reviewer reads", async () => {
    const who = await reviewApplicant(t);
    await chooseLanguage(who.token, 'hi');
    expect((await decide(t, who.id, { action: 'approve' })).status).toBe(200);
    const [email] = await emailsTo(t, who.email);
    const copy = flowTextsOf(configDir, 'hi').review.decisions.approve.email;
    const name = (await userOf(t, who)).name ?? '';
    expect(email).toEqual(fillEmail(copy, { name }));
  });

  it("names the steps sent back in a rejection's email by their Hindi titles", async () => {
    const who = await reviewApplicant(t);
    await chooseLanguage(who.token, 'hi');
    const reason = 'Father name mismatch';
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: reason } })).status).toBe(200);
    const [email] = await emailsTo(t, who.email);
    const title = flowTextsOf(configDir, 'hi').steps.personal_details?.title ?? '';
    expect(title).toMatch(/[\u0900-\u097F]/);
    expect(email?.text).toContain(`- ${title}: ${reason}`);
  });
});

describe('Aadhaar eSign in Hindi', () => {
  it('names the documents to sign, and those still unsigned when verification is asked for, in the language of the request', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    await acknowledgeEvidence(t, who, { 'accept-language': 'hi' });
    const list = (await post(t.app, '/api/user/e-sign-documents', {}, inLanguage('hi', who.token))).json<EsignEntry[]>();
    const names = [messageText(hindi, 'identity.kraForm'), messageText(hindi, 'identity.accountOpeningForm')];
    expect(list.map((entry) => entry.name)).toEqual(names);
    const refused = await post(t.app, '/api/user/initiate-verification', {}, inLanguage('hi', who.token));
    const documents = new Intl.ListFormat('hi', { type: 'conjunction' }).format(names);
    expect({ status: refused.statusCode, message: refused.json<ApiErrorBody>().message }).toEqual({ status: 400, message: messageText(hindi, 'identity.signFirst', { documents }) });
  });
});

describe('the repository config', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await startTestApp();
  });
  afterAll(() => real.close());

  it("refuses a bad mobile number with flow-config/languages/hi's words", async () => {
    const response = await post(real.app, '/api/signup', { phone: '12345' }, inLanguage('hi'));
    expect(response.json<ApiErrorBody>().message).toBe(messageText(messagesOf(defaultConfigDir, 'hi'), 'validation.mobile'));
  });
});
