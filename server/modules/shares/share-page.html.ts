import { formatDuration, formatMoney } from '../../../domain/format';
import { shareReturnPath, sharePath, type SharedPage } from '../../../domain/shares';
import { escapeHtml as e } from '../../security/escape-html';
import { sharePageStrings } from './share-page.strings';

const t = sharePageStrings;

/**
 * The shared page is plain server-rendered HTML with its CSS and a few lines of script inline:
 * no bundle to fetch, so it is fast on a phone, and crawlers (which run no script) read the
 * Open Graph and Twitter card tags from the first answer. Both colour schemes follow the system.
 */
const STYLE = `
:root{color-scheme:dark light;--bg:#111;--fg:#f4f4f5;--muted:#a1a1aa;--line:#27272a;--accent:#2dd4bf;--on-accent:#042f2e}
@media (prefers-color-scheme:light){:root{--bg:#fff;--fg:#18181b;--muted:#52525b;--line:#e4e4e7;--accent:#0f766e;--on-accent:#fff}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:inherit}header,main{max-width:960px;margin:0 auto;padding:16px}
header a{font-weight:700;text-decoration:none;display:inline-block;padding:12px 0}
.top{display:flex;gap:24px;flex-wrap:wrap}.cover{width:100%;max-width:300px;aspect-ratio:1;border-radius:8px;background:var(--line);object-fit:cover}
.facts{flex:1;min-width:240px}h1{font-size:2rem;line-height:1.2;margin:0 0 8px;word-break:break-word}
.muted{color:var(--muted)}.actions{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0}
.btn{display:inline-flex;align-items:center;min-height:48px;padding:0 20px;border-radius:6px;font-weight:600;text-decoration:none;border:2px solid var(--accent)}
.primary{background:var(--accent);color:var(--on-accent)}ol{list-style:none;padding:0;margin:0}
li{display:flex;align-items:center;gap:12px;border-bottom:1px solid var(--line);padding:4px 0;min-height:56px}
.play{width:48px;height:48px;flex:none;border-radius:50%;border:0;background:var(--accent);color:var(--on-accent);font-size:18px;cursor:pointer}
.play:focus-visible,.btn:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
.name{flex:1;min-width:0}.name span{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
`;

/** One <audio> for the page; each button plays its track's share-scoped address or pauses it. */
const SCRIPT = `(function(){var a=new Audio(),cur=null;a.preload='none';
function set(b,on){b.setAttribute('aria-pressed',on?'true':'false');b.textContent=on?'\\u275A\\u275A':'\\u25B6';b.setAttribute('aria-label',on?b.dataset.pause:b.dataset.play)}
a.addEventListener('ended',function(){if(cur)set(cur,false);cur=null});
document.querySelectorAll('button[data-src]').forEach(function(b){b.addEventListener('click',function(){
if(cur===b&&!a.paused){a.pause();set(b,false);return}
if(cur!==b){if(cur)set(cur,false);a.src=b.dataset.src;cur=b}
a.play().then(function(){set(b,true)},function(){set(b,false)})})})})();`;

interface PageUrls {
  publicUrl: string;
  token: string;
}

function head(title: string, extra: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="theme-color" content="#111111">` +
    `<title>${e(title)}</title>${extra}<style>${STYLE}</style></head>`
  );
}

const meta = (property: string, content: string): string =>
  `<meta property="${property}" content="${e(content)}">`;
const named = (name: string, content: string): string =>
  `<meta name="${name}" content="${e(content)}">`;

function cardTags(page: SharedPage, { publicUrl, token }: PageUrls, description: string): string {
  const image = page.coverUrl === null ? null : `${publicUrl}${page.coverUrl}`;
  const audio = page.tracks[0]?.audioUrl;
  return [
    meta('og:type', page.kind === 'collection' ? 'music.album' : 'music.playlist'),
    meta('og:site_name', t.brand),
    meta('og:title', page.name),
    meta('og:description', description),
    meta('og:url', `${publicUrl}${sharePath(token)}`),
    image === null ? '' : meta('og:image', image),
    audio === undefined ? '' : meta('og:audio', `${publicUrl}${audio}`),
    audio === undefined ? '' : meta('og:audio:type', 'audio/mpeg'),
    named('twitter:card', image === null ? 'summary' : 'summary_large_image'),
    named('twitter:title', page.name),
    named('twitter:description', description),
    image === null ? '' : named('twitter:image', image),
    named('description', description),
  ].join('');
}

function buyLinks(page: SharedPage): string {
  const back = encodeURIComponent(shareReturnPath(page));
  const priced = page.price !== null && page.price > 0;
  return (
    `<div class="actions">` +
    `<a class="btn primary" href="/register?redirect=${back}">${e(priced ? t.signUpToBuy : t.signUp)}</a>` +
    `<a class="btn" href="/login?redirect=${back}">${e(priced ? t.signInToBuy : t.signIn)}</a></div>`
  );
}

function trackList(page: SharedPage): string {
  if (page.tracks.length === 0) return `<p class="muted">${e(t.noTracks)}</p>`;
  const rows = page.tracks.map(
    (track) =>
      `<li><button type="button" class="play" aria-pressed="false" data-src="${e(track.audioUrl)}"` +
      ` aria-label="${e(t.play(track.title))}" data-play="${e(t.play(track.title))}"` +
      ` data-pause="${e(t.pause(track.title))}">&#9654;</button>` +
      `<div class="name"><span>${e(track.title)}</span>` +
      `<span class="muted">${e(track.artists.join(', '))}</span></div>` +
      `<span class="muted">${formatDuration(track.duration)}</span></li>`,
  );
  return `<ol aria-label="${e(t.tracks)}">${rows.join('')}</ol>`;
}

/** The shared page of an open link. */
export function renderSharePage(page: SharedPage, urls: PageUrls): string {
  const kind = page.kind === 'collection' ? t.collectionType : t.playlistType;
  const artists = page.artists.join(', ');
  const description = t.description(artists, kind);
  const cover =
    page.coverUrl === null
      ? `<div class="cover" role="presentation"></div>`
      : `<img class="cover" src="${e(page.coverUrl)}?thumb=true" alt="${e(page.name)}" width="300" height="300" fetchpriority="high">`;
  const price =
    page.kind === 'collection'
      ? `<p>${e(t.price)}: ${e(page.price ? formatMoney(page.price) : t.free)}</p>`
      : '';
  return (
    head(`${page.name}${artists ? ` – ${artists}` : ''}`, cardTags(page, urls, description)) +
    `<body><header><a href="/">${e(t.brand)}</a></header><main><div class="top">${cover}` +
    `<div class="facts"><p class="muted">${e(kind)}</p><h1>${e(page.name)}</h1>` +
    (artists ? `<p>${e(artists)}</p>` : '') +
    `<p class="muted">${e(t.sharedBy(page.sharedBy))}</p>${price}` +
    `<p class="muted">${e(page.fullStreams ? t.fullStreams : t.previews)}</p>` +
    buyLinks(page) +
    (page.description ? `<p>${e(page.description)}</p>` : '') +
    `</div></div><h2>${e(t.tracks)}</h2>${trackList(page)}</main>` +
    `<script>${SCRIPT}</script></body></html>`
  );
}

/** Unknown, expired and revoked links: one page for all, so none can be told apart. */
export function renderShareNotFound(): string {
  return (
    head(t.notFoundTitle, '') +
    `<body><header><a href="/">${e(t.brand)}</a></header><main><h1>${e(t.notFoundTitle)}</h1>` +
    `<p>${e(t.notFoundBody)}</p><p><a class="btn primary" href="/">${e(t.home)}</a></p></main>` +
    `</body></html>`
  );
}
