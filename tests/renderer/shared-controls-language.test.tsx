import { render, screen, within } from '@testing-library/react';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import type { ConfigBundle } from '../../core/engine/config-types';
import { translated } from '../../core/engine/translations';
import { defaultBundle } from '../../src/config/bundle';
import { formWidgets } from '../../src/app/form-widgets';
import { ConfigProvider } from '../../src/config/config-context';
import { FormWidgetsContext } from '../../src/renderer/widget-set';
import { ThemedForm } from '../../src/renderer/form/themed-form';
import { format } from '../../src/text/format';
import { loadTranslations, textFiles } from '../../server/config/languages';
import { configDir, stepSchemasDir } from '../../server/config/config-dirs';

/** The shipped bundle with flow-config/languages/hi/messages.json laid over its messages. */
function hindiBundle(): ConfigBundle {
  const { translations } = loadTranslations(configDir, textFiles(configDir, stepSchemasDir));
  return { ...defaultBundle, messages: translated('messages', defaultBundle.messages, translations.files.hi?.['messages.json']) };
}

const schema: RJSFSchema = {
  type: 'object',
  properties: { outside: { type: 'boolean', title: 'Outside' }, born: { type: 'string', title: 'Born' } },
};
const uiSchema = { outside: { 'ui:widget': 'radio' }, born: { 'ui:widget': 'dateInput' } };

function renderIn(bundle: ConfigBundle) {
  render(
    <ConfigProvider bundle={bundle}>
      <FormWidgetsContext value={formWidgets}>
        <ThemedForm schema={schema} uiSchema={uiSchema} validator={validator} />
      </FormWidgetsContext>
    </ConfigProvider>,
  );
}

describe("the controls every form shares speak the config's language (messages.json controls)", () => {
  it.each([
    ['English', defaultBundle],
    ['Hindi', hindiBundle()],
  ])('%s: a yes/no question answers in its words, and the date field names its calendar button', async (_, bundle) => {
    const { controls } = bundle.messages;
    renderIn(bundle);
    const answers = within(await screen.findByRole('radiogroup'));
    expect(answers.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.trim())).toEqual([controls.yes, controls.no]);
    expect(await screen.findByRole('button', { name: format(controls.chooseDate, { label: 'Born' }) })).toBeTruthy();
  });

  it('the Hindi words are not the English ones', () => {
    const english = defaultBundle.messages.controls;
    const hindi = hindiBundle().messages.controls;
    for (const key of Object.keys(english) as (keyof typeof english)[]) expect(hindi[key], key).not.toBe(english[key]);
  });
});
