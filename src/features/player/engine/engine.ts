import { getDefaultStore } from 'jotai';
import { PlayerEngine } from './player-engine';

let engine: PlayerEngine | null = null;

/** The single engine, created on first use in the browser. */
export function getPlayerEngine(): PlayerEngine {
  engine ??= new PlayerEngine(getDefaultStore());
  return engine;
}
