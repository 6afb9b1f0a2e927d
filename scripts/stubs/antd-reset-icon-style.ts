/** antd's icon reset (antd/es/theme/util/useResetIconStyle.js) in the browser build: the CSS file the build wrote holds it. */
export default function useResetIconStyle(): void {}
