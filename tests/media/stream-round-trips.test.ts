import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, OperationNode } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { audioFile, type FixtureFile } from '../helpers/library-files';
import { memberWithRole, perFile, setUpLibrary } from '../helpers/setup';

/**
 * A stream start and each range request after it are the busiest calls there are: on
 * PostgreSQL every query before the first byte is one more network round trip (issue 51). This
 * counts the queries the app makes for them, on a Kysely that sees every one it runs.
 */
const seen: string[] = [];
const counter: KyselyPlugin = {
  transformQuery({ node }) {
    seen.push(describeQuery(node));
    return node;
  },
  transformResult: ({ result }) => Promise.resolve(result),
};

/** "select sessions", "update audio": enough to tell which query a failure added. */
function describeQuery(node: OperationNode): string {
  const text = JSON.stringify(node);
  const table =
    /"TableNode","table":\{"kind":"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"(\w+)"/.exec(
      text,
    )?.[1];
  return `${node.kind.replace('QueryNode', '').toLowerCase()} ${table ?? '?'}`;
}

const s = perFile(() => setUpLibrary());
let counted: FastifyInstance;
let listener: TestClient;
let flac: FixtureFile;

beforeAll(async () => {
  flac = await audioFile(s.t, s.fx.ids.free, 'FLAC');
  const member = await memberWithRole(s.t, { enable_browse: 1 });
  counted = await s.t.rebuild({ db: s.t.db.withPlugin(counter) });
  listener = new TestClient(counted);
  for (const [name, value] of member.cookies) listener.cookies.set(name, value);
});

async function queriesOf(range: string): Promise<string[]> {
  seen.length = 0;
  const res = await listener.get(`/downloader/file/${flac.fileId}?playback=true`, {
    headers: { range },
  });
  expect(res.statusCode).toBe(206);
  return [...seen];
}

describe('the queries before a stream’s first byte', () => {
  it('a stream from byte 0: the session with its user, the role, the file with its collection and unlock, the play count', async () => {
    await queriesOf('bytes=0-'); // the banned addresses are read once, then held for a second
    const queries = await queriesOf('bytes=0-');
    // PostgreSQL counts the play in one statement; SQLite (in process, no round trips) in two.
    const playCount = s.t.config.database.kind === 'postgres' ? 1 : 2;
    expect(queries, queries.join(', ')).toHaveLength(3 + playCount);
    expect(queries[0]).toBe('select sessions');
    expect(queries.filter((q) => q.startsWith('select settings'))).toEqual([]);
  });

  it('a range request further on: three, and nothing is written', async () => {
    const queries = await queriesOf('bytes=1000-');
    expect(queries, queries.join(', ')).toHaveLength(3);
    expect(queries.every((q) => q.startsWith('select'))).toBe(true);
  });
});
