import { Button } from 'antd';
import type { FormContextType, RJSFSchema, SubmitButtonProps } from '@rjsf/utils';
import { getSubmitButtonOptions } from '@rjsf/utils';
import type { StepFormData } from '../types';

// Only the uiSchema is read, so SchemaForm can also place the button itself (after the consent note).
type Props = Pick<SubmitButtonProps<StepFormData, RJSFSchema, FormContextType>, 'uiSchema'>;

/** The primary antd button; its label and disabled state come from `ui:submitButtonOptions`. */
export function SubmitButton({ uiSchema }: Props) {
  const { submitText, norender, props = {} } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <Button type="primary" htmlType="submit" size="large" block disabled={props.disabled === true} className={props.className}>
      {submitText}
    </Button>
  );
}
