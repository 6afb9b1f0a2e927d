import { describe, expect, it } from 'vitest';
import unitConfig from '../../vitest.config';
import e2eConfig from '../../vitest.e2e.config';

/** What a test may take on a busy 2-core machine before it counts as hung (vitest's own default is 5 s). */
const enough = { testTimeout: 30_000, hookTimeout: 60_000 };

describe('test timeouts', () => {
  it('every project of npm test allows a busy 2-core machine at least 30 s a test and 60 s a hook', () => {
    type Project = { test?: { name?: string; testTimeout?: number; hookTimeout?: number } };
    const projects = [...((unitConfig.test?.projects ?? []) as Project[]), ...((e2eConfig.test?.projects ?? []) as Project[])];
    const configs = projects.map((project) => project.test ?? {});
    expect(configs.map((config) => config.name)).toEqual(['node', 'dom', 'dom-fresh', 'e2e', 'e2e-start']);
    for (const config of configs) {
      expect({ name: config.name, testTimeout: (config.testTimeout ?? 0) >= enough.testTimeout, hookTimeout: (config.hookTimeout ?? 0) >= enough.hookTimeout }).toEqual({
        name: config.name,
        testTimeout: true,
        hookTimeout: true,
      });
    }
  });
});
