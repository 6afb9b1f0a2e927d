import { uploadKinds, uploadsConfig } from './upload-kinds';

/** How a kind is named to people ('PAN image'); the kind's code for one the config no longer declares. */
export const kindLabel = (kind: string): string => uploadKinds[kind]?.label ?? kind;

/** A stored type's extension, as flow-config/uploads.json names its file type first ('image/jpeg' → jpg). */
function extensionOf(mime: string): string {
  return Object.values(uploadsConfig.fileTypes).find((type) => type.mime === mime)?.extensions[0]?.slice(1) ?? 'bin';
}

/** A document's file name from what it is ('PAN image' → pan_image.jpg), never from the client. */
export function documentFileName(kind: string, mime: string): string {
  const label = uploadKinds[kind]?.label;
  const base = label ? label.toLowerCase().replace(/\s+/g, '_') : 'document';
  return `${base}.${extensionOf(mime)}`;
}
