import { describe, expect, it } from 'vitest';
import { widgetLoaders } from '../../widgets/registry';
import { toUppercaseCode, UppercaseTextWidget } from '../../widgets/uppercase-text/uppercase-text-widget';

describe('uppercaseText widget', () => {
  it('is what the registry binds its config name to', async () => {
    expect(await widgetLoaders.uppercaseText()).toBe(UppercaseTextWidget);
  });

  it.each([
    ['abcde1234f', 10, 'ABCDE1234F'],
    ['abcde-1234f', 10, 'ABCDE1234F'],
    [' ab cd e1234 f ', 10, 'ABCDE1234F'],
    ['ABCDE1234FGH', 10, 'ABCDE1234F'],
    ['àbc!@#', 10, 'BC'],
    ['abc', undefined, 'ABC'],
  ])('%j (max %s) becomes %j', (typed, max, expected) => {
    expect(toUppercaseCode(typed, max)).toBe(expected);
  });
});
