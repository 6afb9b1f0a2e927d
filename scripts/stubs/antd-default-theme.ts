/**
 * antd's default theme (the default algorithm, antd/es/theme/themes/default/theme.js) in the browser build: nothing
 * there derives a token from it (useToken is the build's, scripts/stubs/antd-use-token.ts), so the colour maths stays out.
 */
export default undefined;
