import sharp from 'sharp';

/** A deterministic, text-free cover (no fonts needed): rings and bands in a release's colours. */
export async function demoCover(seed: string, size = 800): Promise<Buffer> {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = h % 360;
  const accent = (hue + 140 + (h % 60)) % 360;
  const rings = Array.from({ length: 6 }, (_, i) => {
    const r = 60 + i * 55 + ((h >> i) % 20);
    const cx = 400 + (((h >> (i + 3)) % 120) - 60);
    const cy = 400 + (((h >> (i + 5)) % 120) - 60);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="hsl(${(accent + i * 12) % 360} 70% ${55 + i * 4}%)" stroke-width="${10 + (i % 3) * 8}" opacity="${0.9 - i * 0.1}"/>`;
  }).join('');
  const bands = Array.from({ length: 5 }, (_, i) => {
    const y = 80 + i * 150 + ((h >> (i + 2)) % 40);
    return `<rect x="0" y="${y}" width="800" height="${18 + (i % 2) * 14}" fill="hsl(${(hue + i * 8) % 360} 55% 35%)" opacity="0.5"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 60% 22%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 65% 12%)"/>
    </linearGradient></defs>
    <rect width="800" height="800" fill="url(#g)"/>${bands}${rings}
  </svg>`;
  return sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
}
