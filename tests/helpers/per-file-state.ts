import { forgetFfmpegChoice } from '../../server/media/ffmpeg-binary';

/*
 * Runs before each server test file (vitest.config.ts: setupFiles). The files of a worker share
 * one module registry, so what a module holds for the whole process is put back to how a fresh
 * process starts. Today that is the chosen ffmpeg: a file that builds an app on a missing binary
 * left the next file's direct ffmpeg calls answering "not installed".
 */
forgetFfmpegChoice();
