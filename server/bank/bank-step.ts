/**
 * The flow step that bank linking completes. The one place its id is written: routes and services
 * receive it as a parameter, so the engine can later bind it from flow-config instead.
 */
export const bankStep = 'bank_details';
