import { createElement, useMemo, type ReactNode } from 'react';
import LocaleContext from 'antd/es/locale/context';
import type { Locale } from 'antd/es/locale';

/**
 * antd's LocaleProvider (antd/es/locale/index.js) for its ConfigProvider, without that module's re-export of useLocale:
 * useLocale imports the whole en_US locale (pagination, date and time pickers, calendar) for the components that
 * show antd's own words, all loaded lazily (dialogs, pickers), and whatever the entry imports statically lands in the
 * entry chunk, used there or not (~2.5 KB gzip on every route). The confirm dialog's locale, which the real one sets
 * from `locale.Modal`, is never given here (stubs/confirm-locale.ts).
 */
export const ANT_MARK = 'internalMark';

export default function LocaleProvider({ locale, children }: { locale: Locale; children?: ReactNode; _ANT_MARK__?: string }) {
  const value = useMemo(() => ({ ...locale, exist: true }), [locale]);
  return createElement(LocaleContext.Provider, { value }, children);
}
