import { lazyWidget } from '../../src/renderer/public-api';
import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const bankBranchWidget: WidgetDefinition = {
  name: 'bankBranch',
  component: lazyWidget(() => import('./bank-branch-widget').then((m) => m.BankBranchWidget)),
  optionsSchema,
};
