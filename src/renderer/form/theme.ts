import type { FormContextType, RegistryFieldsType, RegistryWidgetsType, RJSFSchema, TemplatesType } from '@rjsf/utils';
import { lazyWidget } from '../lazy-widget';
import { ArrayFieldItemTemplate } from './templates/array-field-item-template';
import { ArrayFieldTemplate } from './templates/array-field-template';
import { BaseInputTemplate } from './templates/base-input-template';
import { CheckboxWidget } from './templates/checkbox-widget';
import { ErrorListTemplate } from './templates/error-list';
import { FieldTemplate } from './templates/field-template';
import { ObjectField } from './templates/object-field';
import { ObjectFieldTemplate } from './templates/object-field-template';
import { SubmitButton } from './templates/submit-button';
import type { StepFormData } from './types';

type Templates = TemplatesType<StepFormData, RJSFSchema, FormContextType>;
type ThemeTemplates = Partial<Omit<Templates, 'ButtonTemplates'>> & { ButtonTemplates: Partial<Templates['ButtonTemplates']> };

/** Our thin antd templates; rjsf's plain defaults fill in the rest (no @rjsf/antd: it is ~190 KB gzip more). */
export const themeTemplates: ThemeTemplates = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate,
  BaseInputTemplate,
  ButtonTemplates: { SubmitButton },
};

/** rjsf's built-in widget names that we render with antd. */
export const themeWidgets: RegistryWidgetsType<StepFormData, RJSFSchema, FormContextType> = {
  SelectWidget: lazyWidget(() => import('./templates/select-widget').then((m) => m.SelectWidget)),
  // Native and small, so shown at once with its form (a lazy one would flash a stand-in input).
  CheckboxWidget,
};

/** rjsf's fields we extend: an object offers its template a change of several of its fields at once (object-field.tsx). */
export const themeFields: RegistryFieldsType<StepFormData, RJSFSchema, FormContextType> = { ObjectField };
