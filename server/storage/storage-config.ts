import { optional, parseBool, parseUrl, type Env } from '../config-parse';

/*
 * Where stored bytes live. S3_BUCKET turns object storage on; without it everything stays in
 * DATA_DIR as before. Credentials are not read here: the AWS SDK takes AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY (or its other sources) itself.
 */
export type StorageConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      /** S3_ENDPOINT: an S3-compatible service's URL; null is AWS. */
      endpoint: string | null;
      /** S3_REGION, us-east-1 by default (MinIO and most others accept any). */
      region: string;
      /** S3_FORCE_PATH_STYLE=1: the bucket in the path, as MinIO-style endpoints want. */
      forcePathStyle: boolean;
    };

export function loadStorageConfig(env: Env, dataDir: string): StorageConfig {
  const bucket = optional(env.S3_BUCKET);
  const endpoint = optional(env.S3_ENDPOINT);
  if (bucket === undefined) {
    // Half a configuration would quietly keep media on local disk: say so at start instead.
    for (const name of ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const) {
      if (optional(env[name]) !== undefined) throw new Error(`${name} is set but S3_BUCKET is not`);
    }
    return { kind: 'local', root: dataDir };
  }
  // S3's own rule is 3 to 63 lower-case letters, digits, dots and dashes; older buckets and some
  // services also allow upper case and underscores.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/.test(bucket)) {
    throw new Error('S3_BUCKET must be a bucket name: 3 to 63 letters, digits, dots or dashes');
  }
  const region = optional(env.S3_REGION) ?? 'us-east-1';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(region)) {
    throw new Error('S3_REGION must be a region name such as us-east-1');
  }
  return {
    kind: 's3',
    bucket,
    endpoint:
      endpoint === undefined
        ? null
        : parseUrl('S3_ENDPOINT', endpoint, ['http:', 'https:']).toString().replace(/\/+$/, ''),
    region,
    forcePathStyle: parseBool('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, false),
  };
}
