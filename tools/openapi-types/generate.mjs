// TypeScript types for an OpenAPI document, entities named (`export type Video = components['schemas']['Video']`).
// Lives in this workspace so that openapi-typescript finds the TypeScript 5 installed beside it.
import openapiTS, { astToString } from 'openapi-typescript';

export async function generateTypes(document) {
  const ast = await openapiTS(document, { rootTypes: true, rootTypesNoSchemaPrefix: true, rootTypesKeepCasing: true, alphabetize: true });
  return astToString(ast);
}
