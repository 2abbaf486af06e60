import { describe, expect, it } from 'vitest';
import { coreShare, parseProcesses } from '../../server/cluster/processes';
import { loadConfig } from '../../server/config';

describe('PROCESSES', () => {
  it('is one unless set, a whole number up to 64, or auto for one per core', () => {
    expect(parseProcesses(undefined, 8)).toBe(1);
    expect(parseProcesses('', 8)).toBe(1);
    expect(parseProcesses('3', 8)).toBe(3);
    expect(parseProcesses('auto', 8)).toBe(8);
    expect(parseProcesses('auto', 200)).toBe(64);
    for (const bad of ['0', '-1', '1.5', 'two', '65', '1e2'])
      expect(() => parseProcesses(bad, 8), bad).toThrow(/PROCESSES must be/);
  });

  it('splits the cores between the processes for the pools sized by cores', () => {
    expect(coreShare(8, {})).toBe(8);
    expect(coreShare(8, { PROCESSES: '2' })).toBe(4);
    expect(coreShare(2, { PROCESSES: 'auto' })).toBe(1);
    expect(coreShare(2, { PROCESSES: '8' })).toBe(1);
    expect(coreShare(4, { PROCESSES: 'nonsense' })).toBe(4);
  });

  it('needs PostgreSQL above one process, with a message saying so', () => {
    expect(() => loadConfig({ PROCESSES: '2', DATA_DIR: '/tmp/musicbox-x' })).toThrow(
      /PROCESSES above 1 needs PostgreSQL/,
    );
    expect(
      loadConfig({ PROCESSES: '2', DATABASE_URL: 'postgres://u@127.0.0.1/db' }).connections
        .processes,
    ).toBe(2);
    expect(loadConfig({ DATA_DIR: '/tmp/musicbox-x' }).connections.processes).toBe(1);
  });
});
