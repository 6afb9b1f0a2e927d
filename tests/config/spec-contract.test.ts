import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFormPage, mergePages } from '../../core/engine/config-types';
import { continueRoute, journey } from '../../core/engine/flow';
import type { StepDefinition } from '../../core/engine/flow-types';
import { loadConfig } from '../../server/config/load-config';
import { type MessageCode, sayFrom } from '../../core/engine/message-codes';
import { listsDir } from '../../server/config/config-dirs';
import { compileStepValidators, fieldMessages, loadStepSchemas } from '../../server/validation/step-schemas';

/**
 * THE SPEC CONTRACT: the one test that pins the specification's (SPEC.md) own step order, routes, lists and
 * texts in flow-config/ and schemas/. Every other test runs on fixture flows or reads what it expects from
 * the config, so a config edit turns only this test red, and only where the edit departs from the
 * specification: adding a step, a page or an option keeps it green (the spec's steps and options must still
 * be there, in the spec's order), while reordering the spec's steps or rewording its texts names each
 * departure here. A deliberate departure updates the expected value here in the same change.
 */

const { flow, pageFiles, messages } = loadConfig();
const say = sayFrom(messages);
const pages = mergePages({ pageFiles });
const schemas = loadStepSchemas();
const validators = compileStepValidators(schemas);

/** `actual` with only the items of `spec` kept, in their order: what is left of the spec after additions. */
const onlySpec = <T>(actual: readonly T[], spec: readonly T[]): T[] => actual.filter((item) => spec.includes(item));

const specJourney = [
  'mobile_verification', 'email_verification', 'pan_verification', 'aadhaar_verification', 'pan_image_upload',
  'personal_details', 'bank_details', 'liveliness_detection', 'declaration', 'signature', 'nominee', 'income_proof',
  'aadhaar_e_sign_documents',
];
// SPEC 4 "Step statuses, in order" (e_sign_completed "also appears": last).
const specStatuses = [...specJourney, 'verification_pending', 'verified', 're_verification', 'modification', 'user_setup', 'completed', 'e_sign_completed'];

const stepOf = (id: string): StepDefinition => {
  const step = flow.steps.find((s) => s.id === id);
  if (!step) throw new Error(`flow.json has no step '${id}' (SPEC 4)`);
  return step;
};

describe('SPEC 2 and 4: steps, their order and routes', () => {
  it('has the spec statuses in the spec order; the journey is its first 13 and ends at verification_pending', () => {
    expect(onlySpec(flow.steps.map((s) => s.id), specStatuses)).toEqual(specStatuses);
    expect(onlySpec(journey(flow), specStatuses)).toEqual([...specJourney, 'verification_pending']);
    expect(flow.afterJourney).toBe('verification_pending');
  });

  it.each([
    ['mobile_verification', ['/login', '/verify-otp']],
    ['email_verification', ['/add-email', '/verify-email']],
    // Beyond the spec (issue 26): /confirm-pan, where a KRA-validated record is confirmed instead of typed again.
    ['pan_verification', ['/verify-pan', '/change-dob', '/confirm-pan']],
    ['pan_image_upload', ['/pan-image-upload']],
    ['aadhaar_verification', ['/kyc-verification']],
    ['personal_details', ['/personal-details']],
    ['bank_details', ['/link-bank-account']],
    ['liveliness_detection', ['/verify-image']],
    ['declaration', ['/sign-onboarding-form']],
    ['signature', ['/sign-onboarding-form']],
    ['nominee', ['/add-nominee']],
    ['income_proof', ['/add-income-details', '/income-proof/callback']],
    ['aadhaar_e_sign_documents', ['/aadhaar-esign']],
    ['e_sign_completed', ['/completed']],
    ['verified', ['/completed']],
    ['verification_pending', ['/completed']],
    ['user_setup', ['/completed']],
    ['completed', ['/completed']],
    ['modification', ['/modification']],
    ['re_verification', ['/re-verification']],
  ])('%s has the routes %j (the first is where it lands)', (id, routes) => {
    expect(stepOf(id).routes).toEqual(routes);
  });

  it('has the fixed routes, the public ones and the re-KYC page', () => {
    // Beyond the spec (issue 21): the Privacy Notice at /privacy, public so it can be read before signing in.
    // Beyond the spec (issue 30): /applications, the applications under a number family members share; signed in.
    expect(flow.routes).toEqual({
      root: '/',
      login: '/login',
      verifyOtp: '/verify-otp',
      completed: '/completed',
      refresh: '/refresh',
      reVerification: '/re-verification',
      privacy: '/privacy',
      applications: '/applications',
    });
    // Beyond the spec (issue 30): the MITC, the voluntary freeze policy and 'Need help?', public.
    expect(flow.publicRoutes).toEqual(['/login', '/verify-otp', '/privacy', '/mitc', '/voluntary-freeze', '/help']);
    expect(flow.extraRoutes).toContain('/rekyc/income-proof/upload');
  });

  it('continue logic: verification_pending, verified and re_verification go to /completed; aadhaar_verification to /kyc-verification', () => {
    // Beyond the spec (issue 21): an application closed at its rectification deadline ('expired') shows on /completed.
    expect(flow.continue.toCompleted).toEqual(['verification_pending', 'verified', 're_verification', 'expired']);
    expect(continueRoute(flow, 'aadhaar_verification')).toBe('/kyc-verification');
  });

  it('step guard: the completed-like steps, and where verified, pending, eSign-completed and re-verification go', () => {
    // Beyond the spec (issue 21): 'expired' is completed-like and goes to /completed.
    expect(flow.guard).toEqual({
      completedLike: ['completed', 'verified', 'verification_pending', 'e_sign_completed', 'user_setup', 'expired'],
      toCompleted: ['verified', 'verification_pending', 'e_sign_completed', 'expired'],
      toReVerification: ['re_verification'],
    });
  });

  it('progress: 13 named groups over the spec steps (PAN image in PAN Verification, signature in Declaration & Consent)', () => {
    const groupOf = (id: string) => flow.progress.groups.find((group) => group.steps.includes(id))?.label;
    // 'Liveness Check': the spec's 'Liveliness', spelt right (issue 20).
    expect(specStatuses.map((id) => [id, groupOf(id)])).toEqual([
      ['mobile_verification', 'Mobile Verification'], ['email_verification', 'Email Verification'],
      ['pan_verification', 'PAN Verification'], ['aadhaar_verification', 'KYC Verification'],
      ['pan_image_upload', 'PAN Verification'], ['personal_details', 'Personal Details'], ['bank_details', 'Bank Details'],
      ['liveliness_detection', 'Liveness Check'], ['declaration', 'Declaration & Consent'], ['signature', 'Declaration & Consent'],
      ['nominee', 'Nominee Details'], ['income_proof', 'Income Proof'], ['aadhaar_e_sign_documents', 'Aadhaar eSign'],
      ['verification_pending', 'Verification'], ['verified', 'Verification'], ['re_verification', 'Verification'],
      ['modification', 'Verification'], ['user_setup', 'Account Setup'], ['completed', 'Account Setup'],
      ['e_sign_completed', 'Verification'],
    ]);
    expect(new Set(specStatuses.map(groupOf)).size).toBe(13);
  });

  it('final status screens: titles and stages', () => {
    const stages = Object.values(flow.completedStages).map(({ steps, stage, title }) => ({ steps, stage, title }));
    expect(stages).toEqual([
      { steps: ['e_sign_completed', 'verification_pending'], stage: 1, title: 'KYC Verification Pending' },
      { steps: ['re_verification'], stage: 1, title: 'Re-Verification Required' },
      { steps: ['user_setup', 'verified'], stage: 2, title: 'Application Approved' },
      { steps: ['completed'], stage: 3, title: 'Onboarding Complete' },
      // Beyond the spec (issue 21): the rectification deadline passed.
      { steps: ['expired'], stage: 1, title: 'Application Closed' },
    ]);
    expect(flow.completedStages.pending?.subtitle).toContain('24-72 hrs');
  });

  it("the tagline is 'Institutional Trading for everyone'", () => {
    expect(flow.panels.fallback.subtitle).toBe('Institutional Trading for everyone');
  });
});

/** A list's values (enum, or oneOf consts) and their labels, read from schemas/lists. */
function list(name: string): { values: unknown[]; titles: unknown[] } {
  const file = JSON.parse(readFileSync(join(listsDir, `${name}.json`), 'utf8')) as { enum?: unknown[]; oneOf?: { const: unknown; title?: string }[] };
  const values = file.enum ?? file.oneOf?.map((option) => option.const) ?? [];
  return { values, titles: file.oneOf?.map((option) => option.title ?? option.const) ?? values };
}

describe('SPEC 3: lists (an option may be added; the spec options stay, in order)', () => {
  it.each([
    ['gender', ['Male', 'Female', 'Others']],
    ['marital-status', ['Unmarried', 'Married', 'Others']],
    ['occupation', ['Private Sector', 'Public Sector', 'Government Service', 'Business', 'Professional', 'Agriculturist', 'Retired', 'Housewife', 'Student', 'Others']],
    ['income-segment', ['Below Rs 1 Lac', '1-5 Lac', '5-10 Lac', '10-25 Lac', '25 Lac-1 Cr', '>1 Cr']],
    ['trading-experience', ['Below 1 year', 'Between 1 to 2 years', 'Between 2 to 5 years', 'More than 5 years']],
    ['segments', ['EQ', 'FNO', 'CD', 'COM']],
    ['titles', ['Mr', 'Mrs', 'Miss', 'M/S', 'Ms']],
    ['nominee-relationships', ['Spouse', 'Son', 'Daughter', 'Father', 'Mother', 'Brother', 'Sister', 'Grand-Son', 'Grand-Daughter', 'Grand-Father', 'Grand-Mother', 'Others']],
    // Beyond the spec (issue 30): SEBI's nomination rules of January 2025 name three identifiers (passport and other go).
    ['nominee-document-types', ['pan_card', 'driving_license', 'aadhar_card']],
    ['income-proof-document-types', ['bank_statement', 'form_16', 'dp_holding', 'it_return', 'salary_slip', 'net_worth_certificate']],
    ['statement-frequencies', ['Daily', 'Weekly', 'Fortnightly', 'Monthly']],
    ['settlement-time-frames', [90, 30]],
    ['contract-note-modes', ['electronic', 'physical']],
    ['popular-banks', ['SBIN', 'HDFC', 'ICIC', 'UTIB', 'INDB', 'BKID', 'CBIN', 'KKBK']],
  ])('%s: %j', (name, spec) => {
    expect(onlySpec(list(name).values, spec)).toEqual(spec);
  });

  it('segments are Equity, Equity Derivatives, Currency Derivatives and Commodity Derivatives; the 8 popular banks by name', () => {
    expect(onlySpec(list('segments').titles, ['Equity', 'Equity Derivatives', 'Currency Derivatives', 'Commodity Derivatives'])).toHaveLength(4);
    expect(list('popular-banks').titles.slice(0, 8)).toEqual([
      'State Bank of India', 'HDFC Bank', 'ICICI Bank', 'Axis Bank', 'Indusind Bank', 'Bank of India', 'Central Bank of India', 'Kotak Mahindra Bank',
    ]);
  });
});

const messagesOf = (schema: string, data: unknown) => {
  const validate = validators[schema]!;
  validate(data);
  return fieldMessages(validate.errors);
};
const requiredMessages = {
  gender: ['Gender is required'], maritalStatus: ['Marital Status is required'], occupation: ['Occupation is required'],
  incomeSegment: ['Income Segment is required'], tradingExperience: ['Trading Experience is required'],
  fatherName: ['Father Name is required'], motherName: ['Mother Name is required'],
};
/** Every string anywhere in a schema as written (its messages), to pin a spec text wherever the rule keeps it. */
const textsOf = (id: string): string[] => JSON.stringify(schemas.find((s) => s.id === id)!.schema).match(/"(?:[^"\\]|\\.)*"/g)!.map((text) => JSON.parse(text) as string);

describe('SPEC 5: validation rules and their messages', () => {
  it("PAN: 'Enter valid PAN Number'", () => {
    expect(messagesOf('pan', { pan: 'ABCD12345F', dateOfBirth: '15/08/1990' })).toEqual({ pan: ['Enter valid PAN Number'] });
  });

  it("personal details: every question is required with '{field} is required'; parents' names at most 30 characters", () => {
    expect(messagesOf('personal-details', {})).toMatchObject(requiredMessages);
    const long = 'A'.repeat(31);
    expect(Object.keys(messagesOf('personal-details', { fatherName: long, motherName: long }))).toEqual(expect.arrayContaining(['fatherName', 'motherName']));
  });

  it("modification: every field except segments is required ('{field} is required'); gender and marital status lowercase", () => {
    expect(messagesOf('modification-details', {})).toEqual(requiredMessages);
    const fix = { gender: 'male', maritalStatus: 'married', occupation: 'Student', incomeSegment: '1-5 Lac', tradingExperience: 'Below 1 year', fatherName: 'A B', motherName: 'C D' };
    expect(messagesOf('modification-details', fix)).toEqual({});
  });

  it.each([
    ['nominee', ['Please select title', 'Name cannot be empty', 'Please select relationship', 'Invalid email', 'Invalid mobile number', 'Invalid pincode',
      'Nominee Date of birth is required', 'Address is too short', 'Please select document type', 'Document proof is required',
      'Enter only the last 4 digits of the Aadhaar number', 'Invalid PAN number format', 'Invalid Driving License format',
      'Guardian Name cannot be empty', 'Guardian Phone number should be 10 digits', 'Invalid Guardian Email', 'Guardian Relation cannot be empty',
      'Invalid Pincode', 'Total percentage of all nominees must be equal to 100']],
    ['bank-details', ['Invalid UPI ID']],
    ['income-proof', ['must select document type to be uploaded', 'must select document to be uploaded']],
    ['rekyc-declaration', ['Please select income segment']],
  ])('%s words its messages as the spec does', (id, texts) => {
    expect(textsOf(id)).toEqual(expect.arrayContaining(texts));
  });

  it('mobile, email and OTP', () => {
    expect([say('validation.mobile'), say('validation.email')]).toEqual(['Mobile number is not valid', 'Enter valid Email Id']);
  });
});

/** Every string of a page: its copy, and texts its uiSchema and options carry. */
function pageTexts(route: string): string[] {
  const page = pages[route];
  if (!page) throw new Error(`no page ${route} in flow-config/pages`);
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') texts.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(page);
  return texts;
}

describe('SPEC 2 and 8: texts of the pages and messages', () => {
  it.each([
    ['/verify-pan', ['Your 10 digit PAN Number', 'Date of birth (in DD/MM/YYYY)', 'Verify and Continue', 'PAN card Verified Successfully!', 'PAN card verification failed!']],
    ['/pan-image-upload', ['Upload Again', 'Next', 'PAN card Uploaded Successfully!', 'PAN image upload failed, Try again!']],
    ['/kyc-verification', ['Process takes 2-3 minutes', 'Begin Verification', 'KYC details verified successfully!']],
    ['/verify-image', ['Open Camera', 'Image verified successfully!']],
    ['/personal-details', ['View More', 'Charges & Fees', 'Learn More', 'Show More', 'Show Less', 'Reselect Income', 'Remove F&O', 'Personal Details Saved!']],
    ['/link-bank-account', ['Link your Bank Account', 'Recommended', 'Scan QR Code to Verify Bank', 'Open UPI app', 'Not my bank', 'Looks Good',
      'Verifying your bank account', 'Bank Details Saved!', 'Bank account verified successfully', 'Bank account verification failed, Try again!']],
    ['/sign-onboarding-form', ['Draw Signature', 'Upload Signature', 'Upload Again', 'User declaration saved successfully!', 'Something went wrong, Try again!']],
    ['/add-nominee', ['+ Add another nominee details', 'Remove', 'Skip', 'Save', 'Nominee Details Saved!', 'Nominee Details Skipped!', 'Invalid Details', 'Please fill all the details correctly']],
    ['/add-income-details', ['Please select a verification type!', 'Fno Trade Activation Skipped!', "Couldn't save income details, Try again!", 'Redirection error, Try again']],
    ['/income-proof/callback', ['Income proof verified successfully', 'Income proof verification failed, Try again!']],
    ['/aadhaar-esign', ['Sign', 'Retry', 'Esign for {document} successfully!']],
    ['/', ['Resume your Application', 'Continue where you left off', 'Complete the rejected steps to continue', 'Steps requiring Attention', 'Contact Support']],
    ['/modification', ['Welcome Back', 'Documents Need Re-upload', 'Done', 'Personal Details Saved!']],
    ['/completed', ['Email notifications enabled']],
    ['/rekyc/income-proof/upload', ['Confirm']],
    ['/rekyc/thank-you', ['Thank You']],
  ])('%s says %j', (route, texts) => {
    expect(pageTexts(route)).toEqual(expect.arrayContaining(texts));
  });

  it('rejected-step labels of the resume screen', () => {
    expect(pages['/']?.copy).toMatchObject({
      'rejected.income_proof': 'Re-upload bank statement',
      'rejected.pan_image_upload': 'Upload PAN image again',
      'rejected.personal_details': 'Please re-enter personal details',
      'rejected.signature': 'Upload signature again',
    });
  });

  it('personal details asks seven steps: the five choices, both parents on one, then the segments; income reversed', () => {
    const form = pages['/personal-details'];
    if (!form || !isFormPage(form)) throw new Error('/personal-details is not a form page');
    const options = form.form.uiSchema?.['ui:options'] as { pages: { fields: string[] }[] };
    expect(options.pages.map((page) => page.fields)).toEqual([
      ['gender'], ['maritalStatus'], ['occupation'], ['incomeSegment'], ['tradingExperience'], ['fatherName', 'motherName'],
      // Beyond the spec (issue 21): SEBI's risk disclosure is acknowledged on the segments page when F&O is chosen.
      ['segments', 'fnoRiskAcknowledged', 'otherOptionsDeclaration'],
    ]);
    expect(form.form.uiSchema?.incomeSegment).toMatchObject({ 'ui:options': { reverse: true } });
  });

  it('server messages, errors and toasts', () => {
    // The server's words on the wire, which API clients and the app branch on.
    expect([say('signIn.notRegistered'), say('flow.outOfSync'), say('otp.tooEarly'), say('otp.maxAttempts')]).toEqual([
      'mobile number not registered',
      'please complete previous steps',
      'request too early',
      'max attempts reached',
    ]);
    // What the app shows for them instead (messages.json shownAs).
    const shown = (code: string) => say(messages.shownAs[code] as MessageCode);
    expect([shown('flow.outOfSync'), shown('otp.tooEarly'), shown('otp.maxAttempts')]).toEqual([
      'Page out of sync, please retry',
      'Please wait for some time before requesting again',
      'OTP has expired. Please request for a new OTP',
    ]);
    expect([say('errors.timeout'), say('request.generic'), say('errors.fallback')]).toEqual(['Server timed out', 'Something went wrong, try again.', 'Something went wrong! Try again.']);
    expect([say('toasts.otpSent'), say('toasts.otpResent'), say('toasts.emailOtpResent'), say('toasts.loggedIn'), say('toasts.emailVerified')]).toEqual(
      ['Successfully sent OTP!', 'Successfully resent OTP!', 'OTP resent successfully!', 'Log in Successful!', 'Email Verified Successfully!'],
    );
    expect([say('pan.verified'), say('bank.saved'), say('flow.personalDetailsSaved'), say('bank.failed')]).toEqual(
      ['PAN card Verified Successfully!', 'Bank Details Saved!', 'Personal Details Saved!', 'Bank account verification failed, Try again!'],
    );
  });
});
