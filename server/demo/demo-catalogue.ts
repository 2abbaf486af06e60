/** The demo label's catalogue: fictional artists, real-looking metadata. */
export type DemoFormat = 'MP3' | 'FLAC' | 'OGG' | 'M4A' | 'WAV' | 'ALAC';

export interface DemoRelease {
  album: string;
  artists: string[];
  label: string;
  genre: string;
  bpm: number;
  released: string;
  format: DemoFormat;
  titles: string[];
  tags: string[];
  /** Cents; absent means free. */
  price?: number;
  hidden?: boolean;
  /** Cover embedded in the tracks instead of a cover.png beside them. */
  embedCover?: boolean;
  /** Length of every track; absent gives the catalogue's 20 to 90 s (tests use a few seconds). */
  seconds?: number;
  description: string;
}

export const DEMO_RELEASES: DemoRelease[] = [
  {
    album: 'Harbour Lights',
    artists: ['Mira Vale'],
    label: 'Northwind Records',
    genre: 'Ambient',
    bpm: 72,
    released: '2025-09-12',
    format: 'MP3',
    embedCover: true,
    tags: ['New', 'Featured'],
    titles: ['First Light', 'Pier Nine', 'Salt Air', 'Lantern Walk', 'Low Tide'],
    description: 'Slow, glowing ambient pieces recorded around a northern harbour.',
  },
  {
    album: 'Night Shift',
    artists: ['Kōji Tanabe'],
    label: 'Copper Tape',
    genre: 'Techno',
    bpm: 132,
    released: '2025-06-20',
    format: 'FLAC',
    price: 799,
    tags: ['Club', 'Featured'],
    titles: ['Clock In', 'Forklift', 'Overtime', 'Floodlights', 'Graveyard', 'Clock Out'],
    description: 'Six warehouse techno cuts built for the last hours of the night.',
  },
  {
    album: 'Paper Boats',
    artists: ['Elin Sørensen'],
    label: 'Lowlight Audio',
    genre: 'Downtempo',
    bpm: 92,
    released: '2024-11-02',
    format: 'OGG',
    tags: ['Chill', 'Staff Picks'],
    titles: ['Fold', 'Drift', 'Current', 'Harbourless', 'Shoreline'],
    description: 'Hand-played downtempo with soft keys and tape hiss.',
  },
  {
    album: 'Concrete Garden',
    artists: ['The Low Hum'],
    label: 'Northwind Records',
    genre: 'House',
    bpm: 124,
    released: '2025-10-03',
    format: 'M4A',
    tags: ['New', 'Club'],
    titles: ['Weeds', 'Overgrowth', 'Rooftop', 'Sprinkler', 'Dusk Bloom'],
    description: 'Deep house grown between the cracks of the city.',
  },
  {
    album: 'Fieldnotes',
    artists: ['Mira Vale'],
    label: 'Northwind Records',
    genre: 'Ambient',
    bpm: 60,
    released: '2023-04-21',
    format: 'FLAC',
    tags: ['Staff Picks'],
    titles: ['Moss', 'Birch', 'Fog Bank', 'Stillwater', 'Lichen'],
    description: 'Field recordings and drones from a year of walks.',
  },
  {
    album: 'Signal Path',
    artists: ['Dax Okoro'],
    label: 'Copper Tape',
    genre: 'Drum & Bass',
    bpm: 174,
    released: '2025-08-08',
    format: 'MP3',
    price: 499,
    embedCover: true,
    tags: ['Club', 'New'],
    titles: ['Patch Bay', 'Feedback Loop', 'Oscillate', 'Ground Hum', 'Sidechain'],
    description: 'Rolling drum & bass wired straight from the modular.',
  },
  {
    album: 'Blue Hour Sessions',
    artists: ['Nadia Quist Trio'],
    label: 'Lowlight Audio',
    genre: 'Jazz',
    bpm: 96,
    released: '2022-02-14',
    format: 'FLAC',
    tags: ['Staff Picks', 'Chill'],
    titles: ['Blue Hour', 'Second Set', 'Brushwork', 'Last Call', 'Encore'],
    description: 'A late-night trio date, live to two-track.',
  },
  {
    album: 'Late Bloom',
    artists: ['Elin Sørensen', 'Kōji Tanabe'],
    label: 'Lowlight Audio',
    genre: 'Electronic',
    bpm: 110,
    released: '2025-03-30',
    format: 'OGG',
    tags: ['Featured'],
    titles: ['Seedling', 'Photosynthesis', 'Greenhouse', 'Pollen'],
    description: 'A collaboration between two of the label’s regulars.',
  },
  {
    album: 'Subway Sketches',
    artists: ['Beatrix Moreno'],
    label: 'Copper Tape',
    genre: 'Hip Hop',
    bpm: 88,
    released: '2024-07-19',
    format: 'MP3',
    tags: ['New'],
    titles: ['Platform', 'Mind the Gap', 'Express', 'Transfer', 'Last Train'],
    description: 'Instrumental hip hop sketched on the morning commute.',
  },
  {
    album: 'Glass Coast',
    artists: ['The Low Hum'],
    label: 'Northwind Records',
    genre: 'Downtempo',
    bpm: 100,
    released: '2023-09-09',
    format: 'M4A',
    price: 999,
    tags: ['Chill'],
    titles: ['Breakwater', 'Sea Glass', 'Lighthouse', 'Undertow', 'Offshore'],
    description: 'Widescreen downtempo for long coastal drives.',
  },
  {
    album: 'Room Tone',
    artists: ['Mira Vale'],
    label: 'Northwind Records',
    genre: 'Ambient',
    bpm: 60,
    released: '2024-01-05',
    format: 'WAV',
    tags: ['Featured'],
    titles: ['Room Tone'],
    description: 'A single long drone, delivered uncompressed.',
  },
  {
    album: 'Archive Reel',
    artists: ['Nadia Quist Trio'],
    label: 'Lowlight Audio',
    genre: 'Jazz',
    bpm: 120,
    released: '2021-05-28',
    format: 'ALAC',
    tags: ['Staff Picks'],
    titles: ['Reel One', 'Reel Two', 'Reel Three', 'Reel Four'],
    description: 'Lossless transfers from the trio’s first rehearsal tapes.',
  },
  {
    album: 'Tidal',
    artists: ['Beatrix Moreno'],
    label: 'Copper Tape',
    genre: 'Electronic',
    bpm: 118,
    released: '2025-11-01',
    format: 'FLAC',
    tags: ['New', 'Featured'],
    titles: ['Spring Tide', 'Neap', 'Ebb', 'Flood', 'Slack Water'],
    description: 'Bright electronic pieces that rise and fall with the moon.',
  },
  {
    album: 'Unreleased Demos',
    artists: ['Dax Okoro'],
    label: 'Copper Tape',
    genre: 'Drum & Bass',
    bpm: 170,
    released: '2025-12-01',
    format: 'MP3',
    hidden: true,
    tags: [],
    titles: ['Demo A', 'Demo B', 'Demo C'],
    description: 'Work in progress, visible to administrators only.',
  },
];
