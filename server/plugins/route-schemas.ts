import fastifySwagger from '@fastify/swagger';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { describeZodError } from './errors';

/** The app as route modules see it: params, query and body typed from their declared schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route module's view of the app, typed by the zod schemas it declares. */
export const api = (app: FastifyInstance): Api => app.withTypeProvider<ZodTypeProvider>();

export interface RouteSchemaOptions {
  /**
   * Check every answer against its declared response schema and fail the request when it does
   * not match (tests turn this on). In use answers are sent as they are: the declared shape is
   * documentation and a test-time contract, not a per-request cost.
   */
  checkResponses: boolean;
}

/**
 * Routes declare `schema: { params, querystring, body, response }` with the zod schemas of
 * domain/: Fastify validates before the handler runs, a failure is the ZodError itself, so
 * plugins/errors.ts answers the same `{ error: "field: problem" }` as a hand-parsed one did,
 * and the same schemas make the OpenAPI document at /api/openapi.json.
 */
export async function registerRouteSchemas(
  app: FastifyInstance,
  options: RouteSchemaOptions,
): Promise<void> {
  app.setValidatorCompiler<ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler<ZodType>(({ schema, method, url }) => {
    if (!options.checkResponses) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new Error(
          `${method} ${url} answered off its schema: ${describeZodError(result.error)}`,
        );
      }
      return JSON.stringify(data);
    };
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Musicbox API', version: '1' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
