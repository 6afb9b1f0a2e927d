// Pure (no React): the meaning checks of each screen's `options`, beyond their shape. The config check runs
// them in Node and the screens run them at render time, so a bad edit gives the same message in both.
import type { PageConfig } from '../engine/config-types';
import { modificationProblems } from './modification/options-check';
import { readModificationOptions } from './modification/options';
import { personalDetailsProblems } from './personal-details/options-check';
import { readPersonalDetailsOptions } from './personal-details/options';
import type { ObjectSchema } from './personal-details/questions';
import type { ScreenName } from './screen-names';

export interface ScreenCheckContext {
  pages: Readonly<Record<string, PageConfig>>;
  schemas: Readonly<Record<string, ObjectSchema>>;
  effects: readonly string[];
}

type OptionsCheck = (options: Record<string, unknown>, context: ScreenCheckContext) => string[];

function guarded(check: OptionsCheck): OptionsCheck {
  return (options, context) => {
    try {
      return check(options, context);
    } catch (error) {
      return [(error as Error).message];
    }
  };
}

export const screenOptionsChecks: Partial<Record<ScreenName, OptionsCheck>> = {
  personalDetails: guarded((options, { schemas, effects }) =>
    personalDetailsProblems(readPersonalDetailsOptions(options, 'options'), schemas, effects)),
  modification: guarded((options, { pages, schemas, effects }) =>
    modificationProblems(readModificationOptions(options, 'options'), pages, schemas, effects)),
};

export function screenOptionsProblems(screen: string, options: Record<string, unknown>, context: ScreenCheckContext): string[] {
  const check = (screenOptionsChecks as Record<string, OptionsCheck | undefined>)[screen];
  return check ? check(options, context) : [];
}
