import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** True in the run that keeps every test app's files in s3rver (TEST_STORAGE=s3). */
export const usesS3 = (): boolean => inject('s3Endpoint') !== '';

/**
 * A fresh bucket on the run's s3rver and the environment that points an app at it, or {} when
 * the run keeps files in DATA_DIR.
 */
export async function s3TestEnv(): Promise<Record<string, string>> {
  const endpoint = inject('s3Endpoint');
  if (endpoint === '') return {};
  // Loaded only in that run: every other test app would pay for the AWS SDK's import.
  const { S3RVER_CREDENTIALS, s3rverClient } = await import('./s3rver');
  // The SDK reads these itself (the server takes no credentials of its own).
  process.env.AWS_ACCESS_KEY_ID ??= S3RVER_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= S3RVER_CREDENTIALS.secretAccessKey;
  const bucket = `musicbox-${randomBytes(6).toString('hex')}`;
  (await s3rverClient(endpoint, bucket)).destroy();
  return { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1' };
}
