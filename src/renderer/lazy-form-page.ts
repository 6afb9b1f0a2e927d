import { preloadable } from '../screens/preloadable';
import type { FormPageProps } from './form-page';

/**
 * rjsf, the templates and the validators load with the first form page, not with the app shell; src/app/start.tsx
 * loads them before the first render of a form route, so its prerendered form is replaced by the same form.
 */
export const FormPage = preloadable<FormPageProps>(() => import('./form-page').then((m) => m.FormPage));
