import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Operation {
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApiDocument>();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document of the API, made from the routes’ declared schemas', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const edit = doc.paths['/api/playlist/{id}']?.post;
    expect(edit?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
    );
    expect(edit?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: expect.objectContaining({ title: expect.any(Object) }),
    });
    expect(edit?.responses?.['200']).toBeDefined();
  });

  it('lists every API route with its area and its path parameters declared', () => {
    const undeclared: string[] = [];
    for (const [route, operations] of Object.entries(doc.paths)) {
      if (!/^\/(api|downloader|image)\//.test(route)) continue;
      const pathParams = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
      for (const [method, operation] of Object.entries(operations)) {
        const declared = new Set(
          (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        );
        const missing = pathParams.filter((name) => !declared.has(name));
        if (!operation.tags?.length || missing.length > 0) {
          undeclared.push(
            `${method.toUpperCase()} ${route}${missing.length ? ` (${missing.join(', ')})` : ''}`,
          );
        }
      }
    }
    expect(undeclared).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(90);
  });

  it('does not list itself', () => {
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });
});
