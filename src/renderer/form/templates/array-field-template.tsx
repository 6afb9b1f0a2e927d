import { Button } from 'antd';
import type { ArrayFieldTemplateProps, FormContextType, RJSFSchema } from '@rjsf/utils';
import { buttonId, getUiOptions } from '@rjsf/utils';
import type { StepFormData } from '../types';
import './array-field.css';

type Props = ArrayFieldTemplateProps<StepFormData, RJSFSchema, FormContextType>;

const optionText = (options: Record<string, unknown>, key: string, fallback: string): string => {
  const value = options[key];
  return typeof value === 'string' ? value : fallback;
};

/**
 * A repeater: each item in its own card, then an add button that stays visible but is disabled once the schema's
 * maxItems is reached. Texts come from the array's ui:options (`addLabel`, `removeLabel`, `itemTitle`).
 */
export function ArrayFieldTemplate(props: Props) {
  const { canAdd, disabled, readonly, fieldPathId, uiSchema, items, onAddClick, schema } = props;
  const options = getUiOptions(uiSchema);
  const addable = options.addable !== false;
  return (
    <fieldset className="onboard-array" id={fieldPathId.$id}>
      <div className="onboard-array-items">{items}</div>
      {addable ? (
        <Button
          id={buttonId(fieldPathId, 'add')}
          className="onboard-array-add"
          type="dashed"
          block
          disabled={disabled || readonly || !canAdd}
          onClick={onAddClick}
          title={schema.maxItems !== undefined && !canAdd ? `${schema.maxItems} at most` : undefined}
        >
          {optionText(options, 'addLabel', '+ Add')}
        </Button>
      ) : null}
    </fieldset>
  );
}
