import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { DEFAULT_RATE_LIMITS, scaleLimits } from '../../server/plugins/rate-limit';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      database: { kind: 'sqlite', file: path.resolve('./data/musicbox.db') },
      smtpUrl: null,
      publicUrl: 'http://localhost:8080',
      adminUser: 'admin',
      adminPassword: null,
      trustProxy: false,
    });
  });

  it('reads PostgreSQL and SQLite database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/tmp/x.db',
    });
  });

  it('uses PORT in the default public URL and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://music.example.com/' }).publicUrl).toBe(
      'https://music.example.com',
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 1 to 65535'],
    [{ PORT: '0' }, 'PORT must be an integer from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT must be an integer from 1 to 65535'],
    [{ PORT: '80.5' }, 'PORT must be an integer from 1 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be a valid URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false'],
    [{ ADMIN_USER: 'ab' }, 'ADMIN_USER must be'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 8 characters'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads FFMPEG_PATH as an absolute path or a command name, unset meaning "choose"', () => {
    expect(loadConfig({}).ffmpegPath).toBeNull();
    expect(loadConfig({ FFMPEG_PATH: '  ' }).ffmpegPath).toBeNull();
    expect(loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' }).ffmpegPath).toBe(
      '/opt/ffmpeg/bin/ffmpeg',
    );
    expect(loadConfig({ FFMPEG_PATH: './bin/ffmpeg' }).ffmpegPath).toBe(path.resolve('bin/ffmpeg'));
    expect(loadConfig({ FFMPEG_PATH: 'ffmpeg6' }).ffmpegPath).toBe('ffmpeg6');
    // A path to nothing is not a configuration error: the server starts without media features.
    expect(loadConfig({ FFMPEG_PATH: '/nonexistent' }).ffmpegPath).toBe('/nonexistent');
    expect(() => loadConfig({ FFMPEG_PATH: '/usr/bin/ffmpeg\n--help' })).toThrow(
      'FFMPEG_PATH must be a path to the ffmpeg program',
    );
  });

  it('reads TRUST_PROXY as a boolean', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });
});

describe('RATE_LIMIT_SCALE', () => {
  it('defaults to 1 and multiplies every rule', () => {
    expect(loadConfig({}).rateLimitScale).toBe(1);
    const scaled = scaleLimits(
      DEFAULT_RATE_LIMITS,
      loadConfig({ RATE_LIMIT_SCALE: '10' }).rateLimitScale,
    );
    expect(scaled.loginPerIp).toEqual({
      ...DEFAULT_RATE_LIMITS.loginPerIp,
      max: DEFAULT_RATE_LIMITS.loginPerIp.max * 10,
    });
    expect(scaled.registerPerIp.windowMs).toBe(DEFAULT_RATE_LIMITS.registerPerIp.windowMs);
  });

  it('refuses values that would lower or disable the limits', () => {
    for (const bad of ['0', '0.5', 'lots', '-3', 'Infinity']) {
      expect(() => loadConfig({ RATE_LIMIT_SCALE: bad })).toThrow(/RATE_LIMIT_SCALE/);
    }
  });
});
