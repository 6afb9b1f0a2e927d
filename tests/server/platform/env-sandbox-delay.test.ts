import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../../server/env';

describe('SANDBOX_DELAY_MS', () => {
  it.each([
    [{}, undefined],
    [{ SANDBOX_DELAY_MS: '0' }, 0],
    [{ SANDBOX_DELAY_MS: '25' }, 25],
  ])('%j → sandboxDelayMs %s', (env, expected) => {
    expect(parseEnv(env, '/srv').app.sandboxDelayMs).toBe(expected);
  });

  it.each([['-1'], ['soon']])('refuses %s', (value) => {
    expect(() => parseEnv({ SANDBOX_DELAY_MS: value }, '/srv')).toThrow(new EnvError(`SANDBOX_DELAY_MS must be 0 or more, got '${value}'`));
  });
});
