import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { exactRange } from './range-body';
import { checkKey, checkPrefix, checkRange } from './storage-key';
import {
  StorageNotFound,
  StorageRangeError,
  type ByteRange,
  type Storage,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Any S3-compatible service (MinIO, Garage, Ceph, R2); null is AWS itself. */
  endpoint: string | null;
  region: string;
  /** bucket in the path (http://host/bucket/key), as MinIO-style endpoints want. */
  forcePathStyle: boolean;
  /** Omitted: the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bytes a multipart part holds (S3's minimum, 5 MiB, by default); memory use is 4 parts. */
  partSize?: number;
  /** Keys a list request asks for at once (S3's maximum, 1000, by default). */
  listPageSize?: number;
  /**
   * Largest object move() copies inside S3 with one CopyObject (S3 refuses more than 5 GiB);
   * bigger ones are streamed through this server into a multipart upload.
   */
  copyLimitBytes?: number;
}

const MIB = 1024 * 1024;
const COPY_LIMIT = 5 * 1024 * MIB;

/** The HTTP status of an SDK error, when it came from the service. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** A copy source names the object URL-encoded, each segment on its own ("a b/c" -> a%20b/c). */
const copySource = (bucket: string, key: string) =>
  `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Objects in one bucket of S3-compatible storage, through the AWS SDK v3. Reads stream the
 * response body (ranges are asked of S3, never cut from a whole download); writes are one PUT
 * (a Buffer) or lib-storage's Upload (a stream: one PUT when small, else a multipart upload
 * completed at the end and aborted on failure), so an object is whole or absent.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly listPageSize: number;
  private readonly copyLimitBytes: number;
  /** How the client was made, for other S3 clients that must reach the same bucket alike. */
  private readonly clientConfig: S3ClientConfig;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 5 * MIB;
    this.listPageSize = options.listPageSize ?? 1000;
    this.copyLimitBytes = options.copyLimitBytes ?? COPY_LIMIT;
    this.clientConfig = {
      region: options.region,
      ...(options.endpoint === null ? {} : { endpoint: options.endpoint }),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: the SDK's newer default adds checksum headers
      // (and signs x-amz-checksum-mode into presigned URLs ffmpeg could not send) that several
      // S3-compatible services refuse. One setting for every endpoint, the one tested.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new S3Client(this.clientConfig);
  }

  /**
   * The bucket and the settings this storage's client was made with: for a library that makes
   * its own client (@tus/s3-store) and must reach the same bucket with the same endpoint,
   * credentials and checksum rules.
   */
  clientSettings(): S3ClientConfig & { bucket: string } {
    return { ...this.clientConfig, bucket: this.bucket };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    if (range) checkRange(range);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: checkKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the body is the HTTP response itself: a stream that arrives as it is read.
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body');
      if (!range) return answer.Body;
      return exactRange(answer.Body, range, answer.ContentRange, answer.ContentLength);
    } catch (error) {
      const status = statusOf(error);
      // A missing bucket is a configuration error, not a missing object.
      if (status === 404 && (error as Error).name !== 'NoSuchBucket')
        throw new StorageNotFound(key);
      if (status === 416 && range) throw new StorageRangeError(key, range);
      throw error;
    }
  }

  async write(key: string, source: Readable | Buffer): Promise<void> {
    const params = { Bucket: this.bucket, Key: checkKey(key) };
    if (Buffer.isBuffer(source)) {
      await this.client.send(new PutObjectCommand({ ...params, Body: source }));
      return;
    }
    // Unknown length: Upload buffers up to a part and sends one PUT if that is all there is;
    // otherwise parts, then CompleteMultipartUpload (the object appears only then). On a failed
    // part or source it sends AbortMultipartUpload, so no parts linger to be billed.
    const upload = new Upload({
      client: this.client,
      params: { ...params, Body: source },
      partSize: this.partSize,
      queueSize: 4,
      leavePartsOnError: false,
    });
    // When the source fails, that is the cause to report, not the abort that followed it.
    let sourceError: unknown;
    source.once('error', (error) => (sourceError = error));
    try {
      await upload.done();
    } catch (error) {
      throw sourceError ?? error;
    } finally {
      // A source Upload stopped reading (an error elsewhere) must not hold its file open.
      if (!source.destroyed) source.destroy();
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<string> {
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize: this.listPageSize },
      { Bucket: this.bucket, Prefix: checkPrefix(prefix) },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) if (object.Key !== undefined) yield object.Key;
    }
  }

  async move(from: string, to: string): Promise<void> {
    checkKey(to);
    const source = await this.stat(from);
    if (source === null) throw new StorageNotFound(from);
    // Moving onto itself: copying is pointless and deleting would lose the object.
    if (from === to) return;
    if (source.size <= this.copyLimitBytes) {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: copySource(this.bucket, from),
        }),
      );
    } else {
      await this.write(to, await this.read(from));
    }
    // Copy first, then delete: a crash between the two leaves both, never neither.
    await this.delete(from);
  }

  async check(): Promise<void> {
    // A missing bucket and a missing key both answer HEAD with a bare 404: ask for the bucket.
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  localPath(): null {
    return null;
  }

  async urlForReading(key: string, expiresInSeconds = 3600): Promise<string> {
    return await getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      {
        expiresIn: expiresInSeconds,
      },
    );
  }
}
