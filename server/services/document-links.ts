import type { OpsDocumentLink } from '../../src/api/types';

/**
 * An applicant's uploaded documents as links the ops token may read (e.g. `/api/ops/documents/{id}`).
 * The documents table and upload pipeline are being built on another branch: it supplies the real
 * implementation; until then the back office sees no documents.
 */
export interface DocumentLinks {
  forApplicant(userId: string): Promise<OpsDocumentLink[]>;
}

export const noDocumentLinks: DocumentLinks = {
  forApplicant: async () => [],
};
