/**
 * Stands in for antd's en_US inside ConfigProvider, which reads it only for antd Form's validate messages (our
 * forms are rjsf, with messages from the schemas). Components keep their English strings from useLocale's own
 * en_US, loaded with the components that show them.
 */
const locale = { locale: 'en' };
export default locale;
