import type { FormContextType, RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import type { StepFormData } from '../src/renderer/public-api';
import { bankBranchWidget } from './bank-branch';
import { consentCheckboxWidget } from './consent-checkbox';
import { dateInputWidget } from './date-input';
import { digitsTextWidget } from './digits-text';
import { imageCropWidget } from './image-crop';
import { pincodeWidget } from './pincode';
import { preferenceChoiceWidget } from './preference-choice';
import { signatureWidget } from './signature';
import { uppercaseTextWidget } from './uppercase-text';
import type { WidgetDefinition } from './widget-definition';
import { widgetNames, type WidgetName } from './widget-catalog';

/** The only place a widget name is bound to code. Keyed by the catalog's names, so none can be left unbound. */
const definitionsByName: Record<WidgetName, WidgetDefinition> = {
  bankBranch: bankBranchWidget,
  consentCheckbox: consentCheckboxWidget,
  dateInput: dateInputWidget,
  digitsText: digitsTextWidget,
  imageCrop: imageCropWidget,
  pincode: pincodeWidget,
  preferenceChoice: preferenceChoiceWidget,
  signature: signatureWidget,
  uppercaseText: uppercaseTextWidget,
};

export const widgetDefinitions: readonly WidgetDefinition[] = widgetNames.map((name) => definitionsByName[name]);

/** rjsf's `widgets` map, keyed by the names flow-config writes in `"ui:widget"`. */
export const widgets: RegistryWidgetsType<StepFormData, RJSFSchema, FormContextType> = Object.fromEntries(
  widgetDefinitions.map((definition) => [definition.name, definition.component]),
);

/** The definition for `name`; an unknown name throws, naming it and where it was asked for. */
export function getWidgetDefinition(name: string, where?: string): WidgetDefinition {
  const found = widgetDefinitions.find((definition) => definition.name === name);
  if (!found) {
    const known = widgetDefinitions.map((definition) => definition.name).join(', ');
    throw new Error(`No widget '${name}'${where ? ` for ${where}` : ''} (known: ${known})`);
  }
  return found;
}
