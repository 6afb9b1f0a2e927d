import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { EsignEntry } from '../tests/server/identity-fixtures';
import { genericStepAnswers, validPersonalDetails } from '../tests/fixtures/payloads';
import { noticeVersion } from '../tests/server/notice-version';
import { declaration, nominee } from '../tests/server/nominee-payloads';
import { type FlowClient, multipartBody } from './flow-client';

/** Finds the newest code the sandbox recorded for a phone number or an email address. */
export type CodeReader = (recipient: string) => Promise<string>;

type Form = { body: Buffer; type: string };

/** What every applicant uploads, as multipart bodies made once and sent by everyone (the server keeps no content index). */
export interface JourneyFiles {
  panImage: Form;
  signature: Form;
  nominee: Form;
  incomeProof: Form;
}

const fixtures = join(import.meta.dirname, '..', 'tests', 'fixtures', 'income-proof');

/** A noisy picture compresses like a photo, not like a flat colour. */
async function photo(width: number, height: number, quality: number): Promise<Uint8Array> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  return new Uint8Array(await sharp(noise, { raw: { width, height, channels: 3 } }).blur(1.2).jpeg({ quality }).toBuffer());
}

/**
 * The files a phone sends: the PAN card cropped to 16:9 (the crop widget scales to at most 2000 px; a card fills
 * about 1200 px of a phone photo), a signature from the pad (320×200 CSS px at device pixel ratio 3, mostly white),
 * a nominee's ID photo, and a bank statement PDF with a user password (how banks email statements).
 */
export async function journeyFiles(): Promise<JourneyFiles> {
  const pad = await sharp({ create: { width: 960, height: 600, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from('<svg width="960" height="600"><path d="M80 400 C 200 100, 400 500, 880 220" stroke="#1e3a8a" stroke-width="5" fill="none"/></svg>') }])
    .jpeg({ quality: 95 })
    .toBuffer();
  const jpeg = (bytes: Uint8Array, name: string) => ({ bytes, name, type: 'image/jpeg' });
  const statement = { bytes: new Uint8Array(readFileSync(join(fixtures, 'encrypted-aes256.pdf'))), name: 'statement.pdf', type: 'application/pdf' };
  return {
    panImage: await multipartBody({}, { pan: jpeg(await photo(1200, 675, 92), 'pan.jpg') }),
    signature: await multipartBody({}, { signature: jpeg(new Uint8Array(pad), 'signature.jpg') }),
    nominee: await multipartBody({ nomineeDetails: JSON.stringify([nominee()]) }, { documentProof_0: jpeg(await photo(800, 450, 92), 'proof.jpg') }),
    incomeProof: await multipartBody({ document_type: 'bank_statement', password: 'Right-Pass#2026' }, { proof_of_income: statement }),
  };
}

/**
 * A PAN of an individual the KRA simulator holds as registered (4th letter P, digits 2000-4999, its special values
 * 3333 and 4444 moved to 1333 and 1444: server/providers/kra/simulated-kra.ts), one per phone number.
 */
function panOf(phone: string): string {
  const n = Number(phone.slice(1));
  const rest = Math.floor(n / 3000);
  const letter = (k: number) => String.fromCharCode(65 + (Math.floor(rest / 26 ** k) % 26));
  const digits = 2000 + (n % 3000);
  // 1333 and 1444 are no one else's: the range starts at 2000.
  return `${letter(0)}${letter(1)}${letter(2)}P${letter(3)}${digits === 3333 || digits === 4444 ? digits - 2000 : digits}F`;
}

/** Each applicant from its own address behind the proxy, as on a launch day (the per-IP caps stay out of it). */
function addressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

interface Applicant {
  n: number;
  phone: string;
  email: string;
  headers: Record<string, string>;
}

const api = '/api';

async function signIn(client: FlowClient, who: Applicant, codes: CodeReader): Promise<void> {
  // The login screen tries login; an unregistered number answers 404 and the screen signs up (spec section 8).
  await client.json('POST /api/login', `${api}/login`, { phone: who.phone }, who.headers, 404);
  const { token: verifyToken } = await client.json<{ token: string }>('POST /api/signup', `${api}/signup`, { phone: who.phone }, who.headers);
  const otp = await codes(who.phone);
  const signedIn = await client.json<{ token: string }>('POST /api/verify/mobile-otp', `${api}/verify/mobile-otp`, { phone: who.phone, otp, noticeVersion }, { ...who.headers, 'x-verify-token': verifyToken });
  who.headers = { ...who.headers, 'x-access-token': signedIn.token };
  // The applicant comes back later: the app's start-up loads the user once.
  await client.send('GET /api/user', `${api}/user`, { headers: who.headers });
}

async function upload(client: FlowClient, who: Applicant, route: string, form: Form): Promise<void> {
  await client.send(`POST ${api}${route}`, `${api}${route}`, { headers: { ...who.headers, 'content-type': form.type }, body: form.body });
}

/** KYC or selfie: the screen starts the widget, the sandbox widget reports Approve, the screen verifies. */
async function identity(client: FlowClient, who: Applicant, workflow: 'kyc' | 'selfie'): Promise<void> {
  const { requestId } = await client.json<{ requestId: string }>(`POST /api/user/initiate-workflow/${workflow}`, `${api}/user/initiate-workflow/${workflow}`, {}, who.headers);
  await client.send('POST /api/dev/identity/{id}/approve', `${api}/dev/identity/${requestId}/approve`);
  await client.json(`POST /api/user/verify-workflow/${workflow}`, `${api}/user/verify-workflow/${workflow}`, { requestId }, who.headers);
}

async function esign(client: FlowClient, who: Applicant): Promise<void> {
  // The MITC (and any evidence text the eSign page asks first), acknowledged as the page does.
  const { acknowledgements } = await client.json<{ acknowledgements: { key: string; version: string }[] }>('GET /api/user/acknowledgements', `${api}/user/acknowledgements`, undefined, who.headers);
  for (const { key, version } of acknowledgements) {
    await client.json('POST /api/user/acknowledgements/{key}', `${api}/user/acknowledgements/${key}`, { version }, who.headers);
  }
  const list = await client.json<EsignEntry[]>('POST /api/user/e-sign-documents', `${api}/user/e-sign-documents`, {}, who.headers);
  for (const entry of list) {
    await client.send('POST /api/dev/identity/{id}/approve', `${api}/dev/identity/${entry.eSignRequestID}/approve`);
    await client.json('POST /api/user/verify-workflow/esign', `${api}/user/verify-workflow/esign`, { requestId: entry.eSignRequestID }, who.headers);
  }
  const done = await client.json<{ user: { nextStep: string } }>('POST /api/user/initiate-verification', `${api}/user/initiate-verification`, {}, who.headers);
  if (done.user.nextStep !== 'verification_pending') throw new Error(`applicant ${who.n} ended at ${done.user.nextStep}`);
}

/**
 * How the bank step proves the account: by default the penny drop on typed details; with `upiApp`, a ₹1 UPI payment
 * from the account, made by the applicant's UPI app (given the payment request's id).
 */
export interface BankCheck {
  upiApp?: (requestId: string, holderName: string) => Promise<void>;
}

/** The UPI way: the screen asks for a payment request, the applicant's app pays it, the screen sees it verified. */
async function payByUpi(client: FlowClient, who: Applicant, holderName: string, upiApp: NonNullable<BankCheck['upiApp']>): Promise<void> {
  const { requestId } = await client.json<{ requestId: string }>('POST /api/user/rpd-verification', `${api}/user/rpd-verification`, {}, who.headers);
  await upiApp(requestId, holderName);
  const answer = await client.send('GET /api/user/rpd-verification', `${api}/user/rpd-verification`, { headers: who.headers });
  const { status } = JSON.parse(answer.body.toString('utf8')) as { status: string };
  if (status !== 'success') throw new Error(`applicant ${who.n}: UPI verification ${status}`);
}

/**
 * One applicant through every step of the repository's flow by the API, as the app's screens call it (each step's
 * answer carries the updated user, so the screens never reload it): sign-in, email, PAN, KYC, PAN image, personal
 * details, tax residency, bank (list, branch search, penny drop; or a UPI payment), selfie, declaration and signature, nominee (every other applicant
 * adds one with a proof, the rest skip), income proof (a password-protected PDF) and every eSign document.
 */
export async function completeApplication(client: FlowClient, n: number, phoneBase: number, files: JourneyFiles, codes: CodeReader, bank: BankCheck = {}): Promise<void> {
  const phone = String(phoneBase + n);
  const who: Applicant = { n, phone, email: `applicant${phone}@bench.example`, headers: { 'x-forwarded-for': addressOf(n) } };
  await signIn(client, who, codes);

  await client.json('POST /api/user/add-email', `${api}/user/add-email`, { email: who.email }, who.headers);
  await client.json('POST /api/user/verify-email', `${api}/user/verify-email`, { email: who.email, otp: await codes(who.email) }, who.headers);

  const pan = panOf(phone);
  const dateOfBirth = '15/08/1990';
  await client.json('POST /api/user/pan-number', `${api}/user/pan-number`, { pan, dateOfBirth }, who.headers);
  const confirmed = await client.json<{ user: { name: string } }>('POST /api/user/confirm-pan', `${api}/user/confirm-pan`, {}, who.headers);
  await identity(client, who, 'kyc');
  await upload(client, who, '/user/pan-proof-upload', files.panImage);
  await client.json('POST /api/user/personal-details', `${api}/user/personal-details`, validPersonalDetails, who.headers);
  const taxResidency = genericStepAnswers['tax-residency'];
  await client.json('POST /api/user/step/tax_residency', `${api}/user/step/tax_residency`, taxResidency, who.headers);

  await client.send('GET /api/utils/bank', `${api}/utils/bank`, { headers: who.headers });
  await client.send('GET /api/utils/bank/details/{bank}', `${api}/utils/bank/details/HDFC?q=NARIMAN`, { headers: who.headers });
  const account = {
    beneficiaryAccount: `501${String(phone).slice(-9)}7`,
    beneficiaryIFSC: 'HDFC0000001',
    beneficiaryName: confirmed.user.name,
    beneficiaryAccountType: 'savings',
    vpa: `${phone}@okhdfc`,
    pan,
    dateOfBirth,
  };
  if (bank.upiApp) await payByUpi(client, who, confirmed.user.name, bank.upiApp);
  else await client.json('POST /api/user/add-bank-account', `${api}/user/add-bank-account`, account, who.headers);
  await identity(client, who, 'selfie');

  await client.json('POST /api/user/declaration', `${api}/user/declaration`, declaration, who.headers);
  await upload(client, who, '/user/add-signature', files.signature);
  if (n % 2 === 0) {
    await upload(client, who, '/user/add-nominee', files.nominee);
  } else {
    await client.json('POST /api/user/skip-nominee', `${api}/user/skip-nominee`, {}, who.headers);
  }
  await upload(client, who, '/user/income-proof', files.incomeProof);
  await esign(client, who);
}
