import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** s3rver takes any credentials; the SDK still wants some. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** True in the run that keeps every test app's files in s3rver (TEST_STORAGE=s3). */
export const usesS3 = (): boolean => inject('s3Endpoint') !== '';

/**
 * A fresh bucket on the run's s3rver and the environment that points an app at it, or {} when
 * the run keeps files in DATA_DIR.
 */
export async function s3TestEnv(): Promise<Record<string, string>> {
  const endpoint = inject('s3Endpoint');
  if (endpoint === '') return {};
  // The SDK reads these itself (the server takes no credentials of its own).
  process.env.AWS_ACCESS_KEY_ID ??= CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= CREDENTIALS.secretAccessKey;
  const bucket = `musicbox-${randomBytes(6).toString('hex')}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1' };
}
