/**
 * Stands in for antd's modal/locale inside its LocaleProvider, which calls it only when ConfigProvider is given a
 * `locale` (we never give one: the app is English through antd's defaults). Modal's confirm keeps the real module.
 */
export function changeConfirmLocale(): undefined {
  return undefined;
}
