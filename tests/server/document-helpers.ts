import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { auth } from './helpers';
import { multipart } from './upload-fixtures';

/** An applicant at the PAN image step uploads `jpeg`; returns the stored document's id (the step's documentId). */
export async function uploadPanImage(app: FastifyInstance, token: string, jpeg: Buffer): Promise<string> {
  const { body, contentType } = multipart([{ name: 'pan', filename: 'pan.jpg', contentType: 'image/jpeg', data: jpeg }]);
  const response = await app.inject({ method: 'POST', url: '/api/user/pan-proof-upload', payload: body, headers: { ...auth(token).headers, 'content-type': contentType } });
  expect(response.statusCode).toBe(200);
  const id = response.json<{ user: { documentId?: string } }>().user.documentId;
  if (!id) throw new Error('the PAN image step stored no documentId');
  return id;
}

/** The owner's document as GET /api/user/documents/{id} answers it. */
export async function downloadDocument(app: FastifyInstance, token: string, id: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const response = await app.inject({ method: 'GET', url: `/api/user/documents/${id}`, headers: auth(token).headers });
  return { status: response.statusCode, type: String(response.headers['content-type'] ?? ''), bytes: response.rawPayload };
}
