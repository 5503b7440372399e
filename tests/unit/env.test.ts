import { describe, expect, it } from 'vitest';
import { appUrl, EnvError, parseEnv } from '../../src/server/env';

describe('configuration', () => {
  it('works with no variables at all', () => {
    const config = parseEnv({});
    expect(config.PORT).toBe(3000);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(appUrl(config)).toBe('http://localhost:3000');
  });

  it('names the variable with a bad value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'nobody' })).toThrow(/ADMIN_EMAIL/);
  });

  it('treats an empty value as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
