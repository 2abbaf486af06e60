import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { ffmpegPath } from './ffmpeg-binary';
import { parseLoudnessSummary, type Loudness } from './loudness';
import { ProcessSlots } from './process-slots';
import { peaksFromSamples, WAVEFORM_PEAKS, WAVEFORM_SAMPLE_RATE } from './waveform';

/** What an import wants of a new file; each part can be asked alone. */
export interface AnalysisParts {
  waveform: boolean;
  loudness: boolean;
}

/** A part not asked for is null. */
export interface AudioAnalysis {
  peaks: number[] | null;
  loudness: Loudness | null;
}

/**
 * Analysis is background work: nice 10 gives the server's own threads (requests, nice 0) about
 * ten times the CPU share of the decoders when both want a core. Measured on Linux: set on the
 * pid right after spawn, every ffmpeg thread carries it (they are all created later), so no
 * `nice` wrapper is needed and a missing binary still fails as spawn's ENOENT.
 */
export const ANALYSIS_NICE = 10;

/**
 * At most one analysis per core across the process, however many imports run at once (a scan
 * beside a node hand-over); like measure-duration's decodes, apart from the transcoder's slots
 * so an import never holds a listener's transcode back.
 */
const slots = new ProcessSlots();

// Same as computeWaveform's `-ac 1 -ar 4000 -f s16le`: the CLI puts exactly this aformat at the
// end of that graph, so the samples (and the peaks) come out byte for byte the same.
const PCM = `aformat=sample_fmts=s16:sample_rates=${WAVEFORM_SAMPLE_RATE}:channel_layouts=mono`;
// The R128 meter with the sample peak (decision 0065): its true peak oversamples every channel
// 4 times and cost 0.7 of a 4-minute track's 1.2 CPU seconds, for a value that only caps a gain
// the player never raises. framelog=verbose keeps the ten lines a second of per-frame log out of
// stderr at the default level (the closing summary is still printed), in 4.1 and current ones.
const METER = 'ebur128=peak=sample:framelog=verbose';

/**
 * One decode for both: the first audio stream split in two inside ffmpeg, one branch through
 * the R128 meter into a null sink (summary on stderr), the other resampled to the waveform's
 * 4 kHz mono PCM on stdout. A part alone is the same graph without the split.
 */
export function analysisArgs(path: string, parts: AnalysisParts): string[] {
  let graph: string;
  let output: string[];
  if (parts.waveform && parts.loudness) {
    graph = `[0:a:0]asplit=2[meter][wave];[meter]${METER},anullsink;[wave]${PCM}[out]`;
    output = ['-f', 's16le', 'pipe:1'];
  } else if (parts.waveform) {
    graph = `[0:a:0]${PCM}[out]`;
    output = ['-f', 's16le', 'pipe:1'];
  } else {
    graph = `[0:a:0]${METER}[out]`;
    output = ['-f', 'null', '-'];
  }
  return [
    ...['-hide_banner', '-nostats', '-nostdin', '-i', path],
    ...['-filter_complex', graph, '-map', '[out]', ...output],
  ];
}

// The summary is the last few hundred bytes; the tail also holds ffmpeg's error, if any.
const KEEP_STDERR = 16_384;

function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, ANALYSIS_NICE);
  } catch {
    // Already gone (its error comes through 'close'), or a platform that refuses: full speed.
  }
}

function run(path: string, parts: AnalysisParts, count: number): Promise<AudioAnalysis> {
  return new Promise((resolve, reject) => {
    // Without the waveform the output is the null muxer: stdout stays empty.
    const child = spawn(ffmpegPath(), analysisArgs(path, parts), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    lowerPriority(child.pid);
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-KEEP_STDERR);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const loudness = parts.loudness && code === 0 ? parseLoudnessSummary(stderr) : null;
      if (code !== 0 || loudness === undefined) {
        const last = stderr.trim().split('\n').slice(-3).join(' ');
        return reject(new Error(`ffmpeg could not analyse ${path}: ${last || `exit ${code}`}`));
      }
      let peaks: number[] | null = null;
      if (parts.waveform) {
        // A fresh ArrayBuffer: pooled Buffers may start at an odd offset, which Int16Array refuses.
        const bytes = new Uint8Array(Buffer.concat(chunks));
        peaks = peaksFromSamples(new Int16Array(bytes.buffer, 0, bytes.length >> 1), count);
      }
      resolve({ peaks, loudness });
    });
  });
}

/**
 * Waveform peaks and loudness of one file from a single decode, at low CPU priority and within
 * the process's analysis slots. The same peaks and integrated loudness as computeWaveform and
 * measureLoudness run apart, the sample peak in place of the true peak
 * (tests/media/analysis.test.ts); rejects, naming the file, when ffmpeg cannot read it or the
 * meter printed no summary.
 */
export async function analyseAudio(
  path: string,
  parts: AnalysisParts = { waveform: true, loudness: true },
  count = WAVEFORM_PEAKS,
): Promise<AudioAnalysis> {
  if (!parts.waveform && !parts.loudness) return { peaks: null, loudness: null };
  const release = await slots.acquire();
  try {
    return await run(path, parts, count);
  } finally {
    release();
  }
}
