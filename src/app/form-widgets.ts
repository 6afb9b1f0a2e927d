import { widgetLoaders } from '../../widgets/registry';
import { widgetSet } from '../renderer/widget-set';

/** The widgets of widgets/registry.ts as the form renderer takes them: one set for the app, each loaded once. */
export const formWidgets = widgetSet(widgetLoaders);
