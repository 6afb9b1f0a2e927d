/**
 * Spec section 9: the largest file of each kind. One table for both sides: the browser checks a file against it
 * before sending (src/api/upload-limits.ts), the server's upload kinds refuse anything larger (server/uploads/upload-kinds.ts).
 */
export const megabyte = 1024 * 1024;

export const uploadMaxBytes = {
  /** JPEG and PNG images: PAN image, signature, nominee proof. */
  image: 5 * megabyte,
  /** PDFs: income proof. */
  pdf: 10 * megabyte,
  /** Any other accepted document (modification documents: images, PDF, DOCX, text). */
  document: 10 * megabyte,
} as const;
