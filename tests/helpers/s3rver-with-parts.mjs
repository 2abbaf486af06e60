/*
 * s3rver 3.7.1 with the two multipart calls it lacks and @tus/s3-store needs on every request:
 * ListParts (GET ?uploadId=, how a resumed tus upload learns its offset) and
 * AbortMultipartUpload (DELETE ?uploadId=, how a terminated upload frees its parts). Both read
 * s3rver's own upload folder (one file per part beside its MD5), so the answers are the parts
 * really stored. Run as a child process: node --openssl-legacy-provider this.mjs <dir> <host> <port>.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');

const [directory, address, port] = process.argv.slice(2);
const server = new S3rver({ directory, address, port: Number(port), silent: true });

const xml = (body) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escape = (text) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const noSuchUpload = (ctx, uploadId) => {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = xml(
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escape(uploadId)}</UploadId></Error>`,
  );
};

/** The parts s3rver holds for an upload, by number, or null when the upload is unknown or done. */
async function partsOf(bucket, uploadId) {
  const folder = join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  let names;
  try {
    names = await readdir(folder);
  } catch {
    return null;
  }
  const parts = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const file = join(folder, name);
    const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
    parts.push({ number: Number(name), size: info.size, mtime: info.mtime, md5 });
  }
  return { folder, parts: parts.sort((a, b) => a.number - b.number) };
}

server.middleware.unshift(async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  const listing = ctx.method === 'GET' && ctx.query.partNumber === undefined;
  if (typeof uploadId !== 'string' || !match || !(listing || ctx.method === 'DELETE'))
    return next();
  // s3rver's upload ids are hex; anything else cannot name a folder of its own.
  if (!/^[0-9a-f]+$/.test(uploadId)) return noSuchUpload(ctx, uploadId);
  const [, bucket, key] = match;
  const found = await partsOf(bucket, uploadId);
  if (found === null) return noSuchUpload(ctx, uploadId);
  if (ctx.method === 'DELETE') {
    await rm(found.folder, { recursive: true, force: true });
    ctx.status = 204;
    return undefined;
  }
  const marker = Number(ctx.query['part-number-marker'] ?? 0);
  const listed = found.parts.filter((part) => part.number > marker);
  ctx.type = 'application/xml';
  ctx.body = xml(
    [
      '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
      `<Bucket>${escape(bucket)}</Bucket><Key>${escape(decodeURIComponent(key))}</Key>`,
      `<UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>`,
      `<NextPartNumberMarker>${listed.at(-1)?.number ?? marker}</NextPartNumberMarker>`,
      '<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>',
      ...listed.map(
        (part) =>
          `<Part><PartNumber>${part.number}</PartNumber><LastModified>${part.mtime.toISOString()}</LastModified><ETag>"${part.md5}"</ETag><Size>${part.size}</Size></Part>`,
      ),
      '</ListPartsResult>',
    ].join(''),
  );
  return undefined;
});

await server.run();
