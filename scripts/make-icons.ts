// Renders the app icons from one SVG so they stay consistent; run after changing the logo.
import sharp from 'sharp';
import { mkdir, writeFile } from 'node:fs/promises';

const logo = (padding: number) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#111111"/>
  <g transform="translate(${padding} ${padding}) scale(${(512 - 2 * padding) / 512})">
    <circle cx="256" cy="256" r="200" fill="#1db9a4"/>
    <circle cx="256" cy="256" r="70" fill="#111111"/>
    <circle cx="256" cy="256" r="22" fill="#1db9a4"/>
    <path d="M256 86 a170 170 0 0 1 170 170" stroke="#111111" stroke-width="14" fill="none" stroke-linecap="round"/>
  </g>
</svg>`;

await mkdir('public/icons', { recursive: true });
await writeFile('public/icons/logo.svg', logo(0));
for (const size of [192, 512]) {
  await sharp(Buffer.from(logo(24)))
    .resize(size, size)
    .png()
    .toFile(`public/icons/icon-${size}.png`);
}
// Maskable icons keep their content inside the central 80% safe zone.
await sharp(Buffer.from(logo(80)))
  .resize(512, 512)
  .png()
  .toFile('public/icons/maskable-512.png');
