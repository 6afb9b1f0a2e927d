import type { RJSFSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pageOfField, type FormPageSpec, type RuleDialogSpec } from '../../../core/engine/form-layout';
import { schemaRules, withoutForbidden } from '../../../core/engine/schema-rules';
import { only, trimAnswers } from './form-data';
import { withoutHiddenAnswers } from './hidden-answers';
import type { TouchState } from './form-context';
import { answerErrors, fieldErrors, ruleBreaks, startingAnswers, topField, type RuleBreak } from './page-rules';
import { loadProgress, restoreProgress, saveProgress, type PageProgress } from './progress-store';
import type { StepFormData, StepValidatorType } from './types';

export interface PageFlowOptions {
  pages: readonly FormPageSpec[];
  dialogs: readonly RuleDialogSpec[];
  schema: RJSFSchema;
  validator: StepValidatorType;
  /** Answers to start from when nothing is stored (e.g. the user record). */
  initial: StepFormData;
  storageKey: string;
}

/** What Next did: stayed (a dialog or the page's errors show), moved on, found an error elsewhere, or is done. */
export type NextOutcome = { kind: 'stayed' | 'moved' } | { kind: 'invalid'; message: string } | { kind: 'submit'; data: StepFormData };

const noTouch = (page: number) => ({ page, touched: [] as readonly string[], submitted: false });

/** A paged form's state: the page, the answers (restored from and saved to localStorage), touch, the rule dialog. */
export function usePageFlow({ pages, dialogs, schema, validator, initial, storageKey }: PageFlowOptions) {
  const rules = useMemo(() => schemaRules(schema), [schema]);
  const fields = useMemo(() => pages.flatMap((page) => page.fields), [pages]);
  const errorsOf = useCallback((data: StepFormData) => answerErrors(data, schema, validator), [validator, schema]);
  const [progress, setProgress] = useState<PageProgress>(() => {
    const fit = (data: StepFormData) => startingAnswers(data, schema, validator, fields);
    return restoreProgress(loadProgress(storageKey), pages.length, fit) ?? { page: 0, returnTo: null, data: fit(initial) };
  });
  const [touchState, setTouch] = useState(() => noTouch(progress.page));
  const [dialog, setDialog] = useState<RuleBreak>();
  const latest = useRef(progress);
  latest.current = progress;
  useEffect(() => saveProgress(storageKey, progress), [storageKey, progress]);

  const last = pages.length - 1;
  const fieldsOn = (page: number) => pages[page]?.fields ?? [];
  const breaksOn = (data: StepFormData, page: number) => ruleBreaks(errorsOf(data), rules, dialogs, fieldsOn(page));
  const goTo = (page: number, returnTo: number | null = null) =>
    setProgress((current) => ({ ...current, page: Math.max(0, Math.min(last, page)), returnTo }));
  const advance = () => setProgress((current) => ({ ...current, page: current.returnTo ?? Math.min(last, current.page + 1), returnTo: null }));

  /** New answers; a rule they newly break on this page opens its dialog (choosing F&O with a low income). */
  const change = (data: StepFormData) => {
    const { page, data: before } = latest.current;
    const was = breaksOn(before, page);
    const fresh = breaksOn(data, page).find((broken) => !was.some((old) => old.rule.path === broken.rule.path));
    setProgress((current) => ({ ...current, data }));
    if (fresh) setDialog(fresh);
  };

  const next = (): NextOutcome => {
    const { page, data } = latest.current;
    const errors = errorsOf(data);
    const broken = ruleBreaks(errors, rules, dialogs, fieldsOn(page))[0];
    if (broken) {
      setDialog(broken);
      return { kind: 'stayed' };
    }
    if (fieldErrors(errors, fieldsOn(page)).length > 0) {
      setTouch((t) => ({ ...(t.page === page ? t : noTouch(page)), submitted: true }));
      return { kind: 'stayed' };
    }
    if (page < last) {
      goTo(page + 1);
      return { kind: 'moved' };
    }
    const first = errors[0];
    if (!first) return { kind: 'submit', data: withoutHiddenAnswers(only(trimAnswers(data), fields), schema, validator) };
    goTo(pageOfField(pages, topField(first.property)));
    return { kind: 'invalid', message: first.message ?? '' };
  };

  const touch: TouchState = touchState.page === progress.page ? touchState : noTouch(progress.page);
  return {
    progress,
    touch,
    dialog,
    change,
    next,
    back: () => goTo(latest.current.page - 1),
    /** Enter on a page whose Next is disabled: show why (the page's errors, as a tried Next would). */
    reveal: () => setTouch((t) => ({ ...(t.page === latest.current.page ? t : noTouch(latest.current.page)), submitted: true })),
    /** A choice was made in `field`: a page of that one question moves on (back to where a reselect came from). */
    chosen: (field: string) => {
      const onPage = fieldsOn(latest.current.page);
      if (onPage.length === 1 && onPage[0] === field) advance();
    },
    blurred: (id: string) =>
      setTouch((t) => {
        const current = t.page === latest.current.page ? t : noTouch(latest.current.page);
        return current.touched.includes(id) ? current : { ...current, touched: [...current.touched, id] };
      }),
    /** Back to the question the broken rule looks at; answering it returns here. */
    reselect: (broken: RuleBreak) => {
      const target = broken.rule.conditionFields.map((field) => pageOfField(pages, field)).find((page) => page >= 0);
      setDialog(undefined);
      if (target !== undefined) goTo(target, latest.current.page);
    },
    /** Takes out what the broken rule forbids (F&O from the segments). */
    remove: ({ rule }: RuleBreak) => {
      setDialog(undefined);
      setProgress((current) => {
        const { [rule.field]: value, ...rest } = current.data;
        const kept = withoutForbidden(value, rule.forbidden);
        return { ...current, data: kept === undefined ? rest : { ...rest, [rule.field]: kept } };
      });
    },
  };
}
