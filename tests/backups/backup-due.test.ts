import { describe, expect, it } from 'vitest';
import { backupDue, lastBackupSlot, type BackupSchedule } from '../../domain/backups';

const daily: BackupSchedule = { enabled: true, timeOfDay: '03:00', retention: 7, folder: null };

describe('lastBackupSlot', () => {
  it('is today at the time once it has passed, else yesterday (UTC)', () => {
    expect(lastBackupSlot('03:00', new Date('2030-05-02T03:00:00Z')).toISOString()).toBe(
      '2030-05-02T03:00:00.000Z',
    );
    expect(lastBackupSlot('03:00', new Date('2030-05-02T02:59:59Z')).toISOString()).toBe(
      '2030-05-01T03:00:00.000Z',
    );
    expect(lastBackupSlot('23:59', new Date('2030-01-01T00:00:00Z')).toISOString()).toBe(
      '2029-12-31T23:59:00.000Z',
    );
  });
});

describe('backupDue', () => {
  it('is due once after the time passes, and never when off or never started', () => {
    const last = '2030-05-01T10:00:00.000Z';
    expect(backupDue(daily, last, new Date('2030-05-02T02:59:00Z'))).toBe(false);
    expect(backupDue(daily, last, new Date('2030-05-02T03:00:00Z'))).toBe(true);
    expect(backupDue(daily, '2030-05-02T03:00:00.000Z', new Date('2030-05-02T22:00:00Z'))).toBe(
      false,
    );
    // Down for three days: one backup at the next check, not three.
    expect(backupDue(daily, last, new Date('2030-05-05T12:00:00Z'))).toBe(true);
    expect(backupDue({ ...daily, enabled: false }, last, new Date('2030-05-05T12:00:00Z'))).toBe(
      false,
    );
    expect(backupDue(daily, null, new Date('2030-05-05T12:00:00Z'))).toBe(false);
  });
});
