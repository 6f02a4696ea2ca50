// The text served at /openapi.json: the document with the API's extensions, as one JSON string.
import { withApiExtensions } from './extensions.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

export function openApiJsonOf(publicUrl: string): string {
  return JSON.stringify(withApiExtensions(buildOpenApiDocument(publicUrl)));
}
