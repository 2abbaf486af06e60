import { BadRequest } from '../../errors';

/** What GET /api/file?path= may name: one upload, or one server's daily log. */
export type FileTarget =
  { root: 'uploads'; storedName: string } | { root: 'logs'; serverId: string; day: string };

const UPLOAD = /^uploads\/([^/]+)$/;
// h-srv writes DATA_DIR/logs/<serverId>/<YYYY-MM-DD>.log; nothing else under logs/ is served.
const LOG = /^logs\/([A-Za-z0-9_-]{1,64})\/(\d{4}-\d{2}-\d{2})\.log$/;

/**
 * Parses the relative path strictly: only the two shapes above, spelled plainly. Fastify has
 * already decoded the query once; a '%' left over means a second encoding, which a real link
 * never has, so it is refused instead of being decoded again.
 */
export function parseFilePath(raw: string): FileTarget {
  if (raw.includes('\0')) throw new BadRequest('path must not contain NUL characters');
  if (raw.includes('\\')) throw new BadRequest('path must use / and not \\');
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) {
    throw new BadRequest('path must be relative to the data folder');
  }
  if (raw.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) {
    throw new BadRequest('path must not contain empty, . or .. parts');
  }
  if (raw.includes('%')) throw new BadRequest('path must not be encoded twice');
  const upload = UPLOAD.exec(raw);
  if (upload?.[1] !== undefined) return { root: 'uploads', storedName: upload[1] };
  const log = LOG.exec(raw);
  if (log?.[1] !== undefined && log[2] !== undefined) {
    return { root: 'logs', serverId: log[1], day: log[2] };
  }
  throw new BadRequest('path must be uploads/<file> or logs/<serverId>/<YYYY-MM-DD>.log');
}
