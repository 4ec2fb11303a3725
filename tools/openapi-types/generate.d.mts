/** TypeScript declarations for an OpenAPI 3 document, its component schemas exported by name. */
export function generateTypes(document: Record<string, unknown>): Promise<string>;
