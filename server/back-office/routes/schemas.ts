import { evidenceKinds } from '../../../core/api/types';
import { reviewActions } from '../../../core/engine/review';
import { maxPageSize } from '../services/applications';

/** Request and response schemas of the ops API (its parts are listed in server/back-office/routes.ts). */

const nullableString = { type: ['string', 'null'] } as const;
const reasonsObject = { type: 'object', additionalProperties: { type: 'string' } } as const;
const rejectedStepsWire = { type: 'object', additionalProperties: { type: 'object', properties: { reason: { type: 'string' } } } } as const;

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', minLength: 1, maxLength: 64 },
    q: { type: 'string', maxLength: 60 },
    limit: { type: 'integer', minimum: 1, maximum: maxPageSize },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  },
} as const;

export const decisionBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    action: { type: 'string', maxLength: 32, errorMessage: `action must be one of: ${reviewActions.join(', ')}` },
    rejectedSteps: {
      type: 'object',
      maxProperties: 20,
      additionalProperties: { type: 'string', maxLength: 500 },
      errorMessage: 'rejectedSteps must map each step to a reason of at most 500 characters',
    },
  },
  required: ['action'],
  errorMessage: { required: { action: `action must be one of: ${reviewActions.join(', ')}` } },
} as const;

export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const listResponse = {
  type: 'object',
  properties: {
    applications: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          phone: { type: 'string' },
          pan: nullableString,
          name: nullableString,
          step: nullableString,
          updatedAt: { type: 'string' },
          waitingSeconds: { type: 'integer' },
        },
        required: ['id', 'phone', 'pan', 'name', 'step', 'updatedAt', 'waitingSeconds'],
      },
    },
    total: { type: 'integer' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
  },
  required: ['applications', 'total', 'limit', 'offset'],
} as const;

const auditEntry = {
  type: 'object',
  properties: {
    at: { type: 'string' },
    actor: { type: 'string' },
    action: { type: 'string' },
    fromStep: nullableString,
    toStep: nullableString,
    reasons: { anyOf: [reasonsObject, { type: 'null' }] },
    note: nullableString,
  },
  required: ['at', 'actor', 'action', 'fromStep', 'toStep', 'reasons', 'note'],
} as const;

export const opsDocumentSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    step: nullableString,
    kind: { type: 'string' },
    label: { type: 'string' },
    contentType: { type: 'string' },
    size: { type: 'integer' },
    uploadedAt: { type: 'string' },
    newSinceReview: { type: 'boolean' },
    passwordKept: { type: 'boolean' },
  },
  required: ['id', 'step', 'kind', 'label', 'contentType', 'size', 'uploadedAt'],
} as const;

const stepAnswers = {
  type: 'object',
  properties: {
    step: { type: 'string' },
    title: { type: 'string' },
    answers: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, label: { type: 'string' }, value: { type: 'string' }, group: { type: 'string' } },
        required: ['field', 'label', 'value'],
      },
    },
    changedAt: { type: 'string' },
    changes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          field: { type: 'string' },
          label: { type: 'string' },
          group: { type: 'string' },
          before: { type: 'string' },
          after: { type: 'string' },
          document: { type: 'boolean' },
        },
        required: ['field', 'label'],
      },
    },
  },
  required: ['step', 'title', 'answers'],
} as const;

const nameMatch = {
  type: 'object',
  properties: { source: { type: 'string' }, name: { type: 'string' }, matches: { type: 'boolean' } },
  required: ['source', 'name', 'matches'],
} as const;

const integer = { type: 'integer' } as const;
const text = { type: 'string' } as const;

const incomeSummary = {
  type: 'object',
  properties: {
    step: text,
    consentId: text,
    receivedAt: text,
    from: text,
    to: text,
    months: integer,
    accounts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { bank: text, maskedAccountNumber: text, accountType: text, branch: text, ifsc: text, transactions: integer },
        required: ['bank', 'maskedAccountNumber', 'accountType', 'branch', 'ifsc', 'transactions'],
      },
    },
    transactions: integer,
    creditsPaise: integer,
    averageMonthlyCreditsPaise: integer,
    salaryCreditsPaise: integer,
    averageMonthlySalaryPaise: integer,
    salaryMonths: integer,
  },
  required: ['step', 'consentId', 'receivedAt', 'from', 'to', 'months', 'accounts', 'transactions', 'creditsPaise', 'averageMonthlyCreditsPaise', 'salaryCreditsPaise', 'averageMonthlySalaryPaise', 'salaryMonths'],
} as const;

/** A declaration on record in the words shown (core/api/types.ts DeclarationOnRecord). */
export const declarationOnRecordSchema = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: evidenceKinds },
    step: nullableString,
    field: { type: 'string' },
    declaredAt: nullableString,
    release: { type: ['integer', 'null'] },
    language: { type: 'string' },
    languageName: { type: 'string' },
    textSha256: { type: 'string' },
    words: { type: 'array', items: { type: 'string' } },
    wordsMatch: { type: 'boolean' },
  },
  required: ['kind', 'step', 'field', 'declaredAt', 'release', 'language', 'languageName', 'textSha256', 'words', 'wordsMatch'],
} as const;

export function applicationResponse(userSchema: Record<string, unknown>) {
  return {
    type: 'object',
    properties: {
      application: {
        type: 'object',
        properties: {
          user: userSchema,
          steps: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
          answers: { type: 'array', items: stepAnswers },
          documents: { type: 'array', items: opsDocumentSchema },
          nameMatches: { type: 'array', items: nameMatch },
          incomeSummary: { anyOf: [incomeSummary, { type: 'null' }] },
          audit: { type: 'array', items: auditEntry },
          lastReviewAt: nullableString,
          declarations: { type: 'array', items: declarationOnRecordSchema },
        },
        required: ['user', 'steps', 'answers', 'documents', 'nameMatches', 'incomeSummary', 'audit', 'declarations'],
      },
    },
    required: ['application'],
  } as const;
}

export const actionResponse = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    nextStep: nullableString,
    rejectedSteps: rejectedStepsWire,
    emailSent: { type: 'boolean' },
    link: { type: 'string' },
  },
  required: ['message', 'nextStep', 'rejectedSteps', 'emailSent'],
} as const;

export const passwordResponse = {
  type: 'object',
  properties: { password: { type: 'string' } },
  required: ['password'],
} as const;
