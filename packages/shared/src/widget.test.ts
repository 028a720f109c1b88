import { describe, expect, test } from 'vitest';
import { widgetLanguageOfTag } from './widget';

describe('the widget language of a browser language tag', () => {
  test.each([
    ['pt-BR', 'pt'],
    ['DE-at', 'de'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-SG', 'zh'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-Hans-HK', 'zh'],
    ['zh-Hant-CN', 'zh-Hant'],
  ])('when the tag is "%s", then the widget speaks %s', (tag, language) => {
    expect(widgetLanguageOfTag(tag)).toBe(language);
  });

  test('when the widget does not speak the language, then there is none', () => {
    expect(widgetLanguageOfTag('sv-SE')).toBeNull();
    expect(widgetLanguageOfTag('')).toBeNull();
    expect(widgetLanguageOfTag(undefined)).toBeNull();
    // Not a prefix match: "zht" is no Chinese.
    expect(widgetLanguageOfTag('zht')).toBeNull();
  });
});
