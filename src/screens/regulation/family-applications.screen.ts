import { defineScreen } from '../screen-definition';

export const familyApplicationsScreen = defineScreen({
  name: 'familyApplications',
  load: () => import('./family-applications').then((m) => m.FamilyApplications),
});
