// For widgets that open a dialog: a modal on wider screens, a bottom drawer on phones, loaded when first opened.
export { ResponsiveModal } from '../../ui/responsive-modal';
export { useIsNarrow } from '../../ui/use-is-narrow';
