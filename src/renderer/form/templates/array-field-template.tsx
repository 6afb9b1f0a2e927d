import { Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { ArrayFieldTemplateProps, FormContextType, RJSFSchema } from '@rjsf/utils';
import { buttonId, getUiOptions } from '@rjsf/utils';
import { format } from '../../../text/format';
import { readOnboardContext } from '../form-context';
import type { StepFormData } from '../types';
import { ArrayItemsContext, type ArrayItemsFolding } from './array-items-context';
import './array-field.css';

type Props = ArrayFieldTemplateProps<StepFormData, RJSFSchema, FormContextType>;

const optionText = (options: Record<string, unknown>, key: string, fallback: string): string => {
  const value = options[key];
  return typeof value === 'string' ? value : fallback;
};

/** The current sum of the field a schema's x-sumEquals rule adds up (nominees' shares), with the total it needs. */
function sumOf(schema: Props['schema'], items: unknown): { sum: number; total: number } | undefined {
  const rule = (schema as Record<string, unknown>)['x-sumEquals'] as { field?: unknown; total?: unknown } | undefined;
  if (!rule || typeof rule.field !== 'string' || typeof rule.total !== 'number' || !Array.isArray(items)) return undefined;
  const field = rule.field;
  const sum = items.reduce<number>((acc, item) => {
    const value = item && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined;
    return acc + (typeof value === 'number' ? value : 0);
  }, 0);
  return { sum, total: rule.total };
}

/** Each item's line of the summary (`summaryItem`: the item's fields in braces), skipping items with nothing filled in yet. */
function summaryLines(template: string, items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.map((item: unknown, index) => {
    const fields = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const values = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' || typeof value === 'number' ? value : '']));
    return format(template, { number: index + 1, ...values }).replace(/\{\w+\}/g, '').replace(/\s+/g, ' ').trim();
  });
}

/**
 * Folding of finished items (with `collapsedItem`: the line a folded item shows, and `foldLabel`/`unfoldLabel`): a
 * long list (ten nominees) stays short. A submit that finds an error in a folded item unfolds it, so the error can
 * be seen and its field focused (the form retries that focus once the item shows).
 */
function useFolding(options: Record<string, unknown>, formData: unknown, arrayId: string, flagged: readonly string[] | undefined): ArrayItemsFolding | undefined {
  const [folded, setFolded] = useState<readonly number[]>([]);
  useEffect(() => {
    if (flagged?.length) setFolded((now) => (now.some((index) => flagged.includes(`${arrayId}_${index}`)) ? now.filter((index) => !flagged.includes(`${arrayId}_${index}`)) : now));
  }, [flagged, arrayId]);
  const template = options.collapsedItem;
  return useMemo(() => {
    if (typeof template !== 'string') return undefined;
    const lines = summaryLines(template, formData);
    return {
      foldedLine: (index) => (folded.includes(index) ? lines[index] : undefined),
      toggle: (index) => setFolded((now) => (now.includes(index) ? now.filter((i) => i !== index) : [...now, index])),
      foldLabel: optionText(options, 'foldLabel', 'Hide details'),
      unfoldLabel: optionText(options, 'unfoldLabel', 'Edit'),
    };
  }, [template, formData, folded, options]);
}

/**
 * A repeater: each item in its own card, then an add button that stays visible but is disabled once the schema's
 * maxItems is reached, and, for an array whose schema sums a field (x-sumEquals), the sum so far (`sumText`:
 * '{sum}' and '{total}'), so its error can be fixed. Texts come from the array's ui:options (`addLabel`, `removeLabel`,
 * `itemTitle`, `sumText`), and with `summaryItem` ('{number}. {firstName} {lastName}: {sharePercentage}%') a summary of
 * every item under `summaryTitle` (a heading at the items' level), so a long list (ten nominees) reads at a glance;
 * with `collapsedItem`, each item can be folded to that one line (see useFolding).
 */
export function ArrayFieldTemplate(props: Props) {
  const { canAdd, disabled, readonly, fieldPathId, uiSchema, items, onAddClick, schema, formData, registry } = props;
  const options = getUiOptions(uiSchema);
  const folding = useFolding(options, formData, fieldPathId.$id, readOnboardContext(registry.formContext)?.touch.flagged);
  const addable = options.addable !== false;
  const total = sumOf(schema, formData);
  const summary = typeof options.summaryItem === 'string' ? summaryLines(options.summaryItem, formData) : [];
  return (
    <fieldset className="onboard-array" id={fieldPathId.$id}>
      <ArrayItemsContext.Provider value={folding}>
        <div className="onboard-array-items">{items}</div>
      </ArrayItemsContext.Provider>
      {summary.length > 1 ? (
        <section className="onboard-array-summary" aria-labelledby={`${fieldPathId.$id}__summary`}>
          <h2 id={`${fieldPathId.$id}__summary`}>{optionText(options, 'summaryTitle', '')}</h2>
          <ol>
            {summary.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {total && typeof options.sumText === 'string' ? (
        <p className="onboard-array-total" id={`${fieldPathId.$id}__total`} aria-live="polite" data-off={total.sum !== total.total || undefined}>
          {format(options.sumText, { sum: total.sum, total: total.total })}
        </p>
      ) : null}
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
