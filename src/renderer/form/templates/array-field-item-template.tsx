import { Button } from 'antd';
import type { ArrayFieldItemTemplateProps, FormContextType, RJSFSchema } from '@rjsf/utils';
import { buttonId, getUiOptions } from '@rjsf/utils';
import { schemaAtPath } from '../../../../core/engine/conditional-fields';
import { format } from '../../../text/format';
import type { StepFormData } from '../types';
import { useArrayItemsFolding } from './array-items-context';

type Props = ArrayFieldItemTemplateProps<StepFormData, RJSFSchema, FormContextType>;

/**
 * One item of a repeater, headed by the array's `itemTitle` ('Nominee {number}'), a level below the page's title. Items up to the schema's
 * minItems are the ones the array must keep, so only those after them offer Remove (labelled `removeLabel`). In a
 * repeater that folds items, a button folds this one to its summary line and unfolds it again (its fields stay
 * mounted, hidden, so nothing typed is lost).
 */
export function ArrayFieldItemTemplate(props: Props) {
  const { children, buttonsProps, index, parentUiSchema, registry, disabled, readonly } = props;
  const options = getUiOptions(parentUiSchema);
  const itemTitle = typeof options.itemTitle === 'string' ? format(options.itemTitle, { number: index + 1 }) : undefined;
  const removeLabel = typeof options.removeLabel === 'string' ? options.removeLabel : 'Remove';
  const minItems = schemaMinItems(registry.rootSchema, buttonsProps.fieldPathId.path);
  const removable = buttonsProps.hasRemove && index >= Math.max(minItems, 0);
  const folding = useArrayItemsFolding();
  const foldedLine = folding?.foldedLine(index);
  const fieldsId = `${buttonsProps.fieldPathId.$id}__fields`;
  return (
    <section className="onboard-array-item" aria-label={itemTitle} data-folded={foldedLine !== undefined || undefined}>
      {itemTitle || removable || folding ? (
        <header className="onboard-array-item-head">
          {itemTitle ? <h2>{itemTitle}</h2> : <span />}
          {folding ? (
            <Button
              id={`${buttonsProps.fieldPathId.$id}__fold`}
              type="link"
              className="onboard-array-item-fold"
              aria-expanded={foldedLine === undefined}
              aria-controls={fieldsId}
              onClick={() => folding.toggle(index)}
            >
              {foldedLine === undefined ? folding.foldLabel : folding.unfoldLabel}
            </Button>
          ) : null}
          {removable ? (
            <Button
              id={buttonId(buttonsProps.fieldPathId, 'remove')}
              type="link"
              danger
              disabled={disabled || readonly}
              onClick={buttonsProps.onRemoveItem}
            >
              {removeLabel}
            </Button>
          ) : null}
        </header>
      ) : null}
      {foldedLine !== undefined ? <p className="onboard-array-item-line">{foldedLine}</p> : null}
      <div id={fieldsId} hidden={foldedLine !== undefined}>
        {children}
      </div>
    </section>
  );
}

/** minItems of the array an item belongs to (its path without the index). */
function schemaMinItems(root: RJSFSchema, itemPath: readonly (string | number)[]): number {
  const min = schemaAtPath(root, itemPath.slice(0, -1))?.minItems;
  return typeof min === 'number' ? min : 0;
}
