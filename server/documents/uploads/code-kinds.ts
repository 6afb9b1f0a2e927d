/**
 * The upload kinds of the spec's uploads (PAN image, signature, selfie, nominee proof, income proof, modification
 * document): named by the server's own routes, or by the schemas of the spec paths flow.json binds to file steps
 * (pan-proof-upload, signature-upload), and the back office. flow-config/uploads.json declares what each is; the
 * config check refuses a file that lacks one. Kinds only a config-added step schema names need no code at all.
 */
export const codeKinds = ['pan_image', 'signature_image', 'selfie_image', 'nominee_proof', 'income_proof_pdf', 'modification_document'] as const;

export type UploadKind = (typeof codeKinds)[number];
