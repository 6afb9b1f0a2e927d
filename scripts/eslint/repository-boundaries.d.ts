import type { Rule } from 'eslint';

export const repositoryBoundaries: Rule.RuleModule;
export function isRepository(path: string): boolean;
export function isRouteFile(path: string): boolean;
