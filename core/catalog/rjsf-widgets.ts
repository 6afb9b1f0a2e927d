/** rjsf's own widget names that config may also name; our theme renders these acceptably. */
export const builtinWidgetNames = ['checkbox', 'checkboxes', 'hidden', 'radio', 'select', 'text', 'textarea'] as const;
