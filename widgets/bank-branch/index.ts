import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const bankBranchWidget = defineWidget({
  name: 'bankBranch',
  component: () => import('./bank-branch-widget').then((m) => m.BankBranchWidget),
  optionsSchema,
});
