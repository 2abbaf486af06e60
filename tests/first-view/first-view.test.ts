import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomepageSchema } from '../../domain/homepage';
import { collectionPath } from '../../domain/slug';
import { precompressDir } from '../../scripts/vite-precompress';
import { homepageBuilt } from '../helpers/homepage';
import { memberWithApiRole, perFile, setUpLibrary, withMember } from '../helpers/setup';
import { TestClient } from '../helpers/client';

// The built index.html's shape: the boot screen's middle between the markers.
const SHELL =
  '<!doctype html><html lang="en"><head><title>Musicbox</title></head><body>' +
  '<div id="boot" aria-hidden="true"><div class="boot-bar">Musicbox</div><!--first-view-->' +
  '<div class="boot-main"><h1>Musicbox</h1><p>Your music library and store</p></div>' +
  '<!--/first-view--></div><div id="root"></div>' +
  '<script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>';

const c = perFile(async () => withMember(await setUpLibrary()));
let clientDir: string;
let picky: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'musicbox-first-view-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(join(clientDir, 'index.html'), SHELL);
  await precompressDir(clientDir);
  c.t.app = await c.t.rebuild({ clientDir });
  c.admin.app = c.t.app;
  c.user.app = c.t.app;
  picky = await memberWithApiRole(c, 'picky', {
    roleEnableBrowse: true,
    roleBlacklistedTags: ['new'],
  });
  anonymous = new TestClient(c.t.app);
}, 120_000);
afterAll(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

const IDENTITY = { headers: { 'accept-encoding': 'identity' } };

/** The answer the shell carries for the client's first query, read back as the browser would. */
function dataIn(html: string): { path: string; location?: string; answer: unknown } | null {
  const found =
    /<script type="application\/json" id="first-view-data" data-path="([^"]*)"(?: data-location="([^"]*)")?>([\s\S]*?)<\/script>/.exec(
      html,
    );
  return found ? { path: found[1]!, location: found[2], answer: JSON.parse(found[3]!) } : null;
}

describe('the first view of a collection page', () => {
  it("carries the page's answer and its top, for this browser only", async () => {
    const id = c.fx.ids.free;
    for (const address of [`/collection/${id}`, `/collection/${id}-some-old-name`]) {
      const res = await c.admin.get(address, IDENTITY);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
      const api = await c.admin.get(`/api/audio_collection/${id}`);
      const data = dataIn(res.body);
      expect(data?.path).toBe(`/api/audio_collection/${id}`);
      expect(data?.answer).toEqual(api.json());
      const { collection } = api.json<{
        collection: { collectionName: string; collectionImageHash: string };
      }>();
      // Whatever spelling was opened, the page takes the canonical address at once.
      expect(data?.location).toBe(collectionPath(id, collection.collectionName));
      expect(data?.location).toMatch(new RegExp(`^/collection/${id}-[a-z0-9-]+$`));
      // The page's own candidates and sizes, so the browser fetches the copy the page will show.
      const hash = collection.collectionImageHash;
      expect(res.body).toContain(
        `<img class="boot-cover" src="/image/${hash}" srcset="/image/${hash}?thumb=true 300w, ` +
          `/image/${hash}?size=720 720w, /image/${hash}?size=1200 1200w" ` +
          `sizes="(min-width: 600px) 220px, calc(100vw - 24px)" alt="" fetchpriority="high">`,
      );
      expect(res.body).toContain(`<p class="boot-title">${collection.collectionName}</p>`);
      expect(res.body).not.toContain('boot-main');
    }
  });

  it('is compressed like any other page', async () => {
    const res = await c.admin.get(`/collection/${c.fx.ids.free}`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('id="first-view-data"');
  });

  it('is the plain shell for a caller who is not signed in', async () => {
    for (const address of [`/collection/${c.fx.ids.free}`, '/']) {
      const res = await anonymous.get(address, IDENTITY);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SHELL);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('is the plain shell for a collection the caller may not see, as for one that does not exist', async () => {
    const hidden = await picky.get(`/collection/${c.fx.ids.free}`, IDENTITY);
    expect(hidden.body).toBe(SHELL);
    // The same member sees the collections their role does not hide.
    const visible = await picky.get(`/collection/${c.fx.ids.single}`, IDENTITY);
    expect(dataIn(visible.body)?.path).toBe(`/api/audio_collection/${c.fx.ids.single}`);
    for (const address of ['/collection/999999', '/collection/abc', '/collection/1/files']) {
      expect((await c.admin.get(address, IDENTITY)).body).toBe(SHELL);
    }
  });

  it('escapes a name that tries to end the script or the element', async () => {
    const id = c.fx.ids.paid;
    const name = `</script><img src=x onerror=alert(1)><!-- & "quoted" 'too'`;
    const renamed = await c.admin.post(`/api/collection/${id}`, { collectionName: name });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await c.admin.get(`/collection/${id}`, IDENTITY);
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<!-- &');
    // The shell's own module script, and the answer's: the name closes neither.
    expect(res.body.match(/<\/script>/g)).toHaveLength(SHELL.match(/<\/script>/g)!.length + 1);
    expect(res.body).toContain(
      '<p class="boot-title">&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&lt;!-- &amp; &quot;quoted&quot; &#39;too&#39;</p>',
    );
    const data = dataIn(res.body)?.answer as { collection: { collectionName: string } };
    expect(data.collection.collectionName).toBe(name);
  });
});

describe('the shell a first view is drawn into', () => {
  it('is read per visit: a rebuild is served at once, and a shell without the markers stays plain', async () => {
    const address = `/collection/${c.fx.ids.single}`;
    const rebuilt = SHELL.replace('index-Ab12Cd34.js', 'index-Ef56Gh78.js');
    const unmarked = SHELL.replace('<!--first-view-->', '');
    try {
      await writeFile(join(clientDir, 'index.html'), rebuilt);
      const drawn = (await c.admin.get(address, IDENTITY)).body;
      expect(drawn).toContain('/assets/index-Ef56Gh78.js');
      expect(dataIn(drawn)).not.toBeNull();
      await writeFile(join(clientDir, 'index.html'), unmarked);
      expect((await c.admin.get(address, IDENTITY)).body).toBe(unmarked);
    } finally {
      await writeFile(join(clientDir, 'index.html'), SHELL);
    }
  });
});

describe('the first view of home', () => {
  it("carries the caller's own homepage, the greeting and the first row's tiles", async () => {
    // The generated playlists are built by a job: once built, both reads below see the same.
    await homepageBuilt(c.admin);
    for (const [client, userName] of [
      [c.admin, 'admin'],
      [c.user, 'member'],
    ] as const) {
      const res = await client.get('/', IDENTITY);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const api = await client.get('/api/homepage');
      const data = dataIn(res.body);
      expect(data?.path).toBe('/api/homepage');
      expect(data?.location).toBeUndefined();
      expect(data?.answer).toEqual(api.json());
      expect(res.body).toContain(`<p class="boot-title">Welcome, ${userName}</p>`);
      const home = HomepageSchema.parse(api.json());
      const row = home.collectionsTags.find((r) => r.collections.length > 0);
      if (!row) throw new Error('the fixture homepage has no row with collections');
      expect(res.body).toContain(`<p class="boot-row-title">${row.tag}</p>`);
      const tiles = [...res.body.matchAll(/<div class="boot-tile">(.*?)<\/div>/g)].map((m) => m[1]);
      expect(tiles).toHaveLength(Math.min(4, row.collections.length));
      row.collections.slice(0, tiles.length).forEach((collection, index) => {
        expect(tiles[index]).toContain(`<p class="boot-name">${collection.collectionName}</p>`);
        if (collection.collectionImageHash)
          expect(tiles[index]).toContain(
            `src="/image/${collection.collectionImageHash}?thumb=true"`,
          );
      });
    }
  });
});
