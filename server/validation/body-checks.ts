import type { ValidateFunction } from 'ajv';
import type { FieldMessages } from '../errors';
import { isValidBirthDate } from '../../core/engine/calendar-date';
import type { BodyCheck } from './step-body';
import { fieldMessage } from './step-validators';

/** Rules a JSON Schema cannot state, worded by the schema's own messages. Field names come from the route. */

function stringField(body: unknown, field: string): string | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** A real calendar date from 01/01/1900 to today (India); the schema only checks DD/MM/YYYY's shape. */
export function birthDateCheck(validate: ValidateFunction, field: string, clock: () => number): BodyCheck {
  const message = fieldMessage(validate, field, ['pattern', '_'], 'Enter valid Date of Birth');
  return (body) => {
    const value = stringField(body, field);
    return value === undefined || isValidBirthDate(value, clock()) ? undefined : { [field]: [message] };
  };
}

/** Text that is only spaces counts as missing (the schema's minLength message). */
export function nonBlankCheck(validate: ValidateFunction, fields: readonly string[]): BodyCheck {
  const messages = fields.map((field) => [field, fieldMessage(validate, field, ['minLength', '_'], `${field} is required`)] as const);
  return (body) => {
    const problems: FieldMessages = {};
    for (const [field, message] of messages) {
      const value = stringField(body, field);
      if (value !== undefined && value.trim() === '') problems[field] = [message];
    }
    return Object.keys(problems).length > 0 ? problems : undefined;
  };
}
