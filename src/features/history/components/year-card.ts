import type { YearFigures } from '../../../../domain/history';
import { historyStrings } from '../strings';

const t = historyStrings.year;
const WIDTH = 1080;
const HEIGHT = 1350;

/**
 * Draws the year as a card on a canvas (figures, top five of each list, the month bars) and
 * answers it as a PNG. Only what a share link shows is drawn: no name, no times.
 */
export async function drawYearCard(figures: YearFigures): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('This browser cannot draw images');
  ctx.fillStyle = '#0f172a';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#5eead4';
  ctx.font = 'bold 72px sans-serif';
  ctx.fillText(t.sharedTitle(figures.year), 60, 130);
  ctx.fillStyle = '#f8fafc';
  ctx.font = 'bold 96px sans-serif';
  ctx.fillText(String(figures.plays), 60, 270);
  ctx.fillText(String(figures.minutes), 560, 270);
  ctx.font = '36px sans-serif';
  ctx.fillStyle = '#cbd5e1';
  ctx.fillText(t.plays, 60, 320);
  ctx.fillText(t.minutes, 560, 320);

  const lists: Array<[string, string[]]> = [
    [t.topArtists, figures.topArtists.map((a) => a.name)],
    [t.topCollections, figures.topCollections.map((c) => c.name)],
    [t.topTracks, figures.topTracks.map((track) => track.name)],
    [t.topGenres, figures.topGenres.map((g) => g.name)],
  ];
  lists.forEach(([title, names], i) => {
    const x = 60 + (i % 2) * 500;
    const y = 420 + Math.floor(i / 2) * 330;
    ctx.fillStyle = '#5eead4';
    ctx.font = 'bold 38px sans-serif';
    ctx.fillText(title, x, y);
    ctx.fillStyle = '#f8fafc';
    ctx.font = '32px sans-serif';
    names.slice(0, 5).forEach((name, n) => {
      const line = `${n + 1}. ${name}`;
      ctx.fillText(line.length > 26 ? `${line.slice(0, 25)}…` : line, x, y + 52 + n * 46);
    });
  });

  const most = Math.max(1, ...figures.byMonth);
  const barWidth = 60;
  figures.byMonth.forEach((plays, i) => {
    const h = Math.round((plays / most) * 180);
    const x = 60 + i * 82;
    ctx.fillStyle = '#14b8a6';
    ctx.fillRect(x, 1250 - h, barWidth, h);
    ctx.fillStyle = '#cbd5e1';
    ctx.font = '24px sans-serif';
    ctx.fillText(t.months[i] ?? '', x + 6, 1290);
  });

  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No image'))), 'image/png');
  });
}

/** Shares the PNG where the browser can share files, else downloads it. */
export async function shareOrDownload(blob: Blob, fileName: string): Promise<void> {
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file] });
      return;
    } catch (error) {
      // The user closing the share sheet is no failure; anything else falls back to a download.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
