// For widgets that take files: picked, drawn or cropped files travel in form data as references; the submit effect
// sends the files. The upload kinds' limits and texts come from flow-config.
export { keepPickedFile, pickedFile, forgetPickedFile, isPickedFileRef } from '../../state/picked-files';
export { kindPickerFilter, uploadKindOf } from '../../api/upload-limits';
export { useFileSizeProblem, useUploadTexts } from '../form/upload-texts';
// The one upload control of every file field (Choose, then the file card with Replace and Remove), and its parts.
export { UploadControl } from '../../ui/upload-control';
export { usePreview } from '../../ui/use-preview';
export { looksLikePdf } from '../../ui/pdf-check';
