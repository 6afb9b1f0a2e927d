/**
 * The upload kinds the server's own routes name (the spec's uploads: PAN image, signature, selfie, nominee proof,
 * income proof, modification document). flow-config/uploads.json declares what each is; the config check refuses a
 * file that lacks one. Kinds a step schema names ("x-upload") need no code at all.
 */
export const codeKinds = ['pan_image', 'signature_image', 'selfie_image', 'nominee_proof', 'income_proof_pdf', 'modification_document'] as const;

export type UploadKind = (typeof codeKinds)[number];
