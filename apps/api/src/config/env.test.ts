import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { InvalidEnvironmentError, parseEnv } from './env';

describe('parseEnv', () => {
  test('when nothing is set, then the embedded defaults apply', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: 3000, NODE_ENV: 'development' });
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test('when several variables are wrong, then one error names every one of them', () => {
    let thrown: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'yes',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidEnvironmentError);
    const message = (thrown as Error).message;
    expect(message).toContain('PORT: must be a number');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('LOG_LEVEL: must be one of');
    expect(message).toContain('TRUST_PROXY: must be true or false');
  });

  test('when a variable is an empty string, then its default is used', () => {
    expect(parseEnv({ PORT: '', HOST: '' })).toMatchObject({ PORT: 3000, HOST: '127.0.0.1' });
  });

  test('when PORT is 0, then it is accepted so the server picks a free port', () => {
    expect(parseEnv({ PORT: '0' }).PORT).toBe(0);
  });

  test('when RUN_WORKERS is unset, then jobs run in the server; false leaves them to workers', () => {
    expect(parseEnv({}).RUN_WORKERS).toBe(true);
    expect(parseEnv({ RUN_WORKERS: 'false' }).RUN_WORKERS).toBe(false);
    expect(() => parseEnv({ RUN_WORKERS: 'sometimes' })).toThrow(
      'RUN_WORKERS: must be true or false',
    );
  });

  test('when DEMO_DATA is unset, then new accounts get demo data; false starts them empty', () => {
    expect(parseEnv({}).DEMO_DATA).toBe(true);
    expect(parseEnv({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
    expect(() => parseEnv({ DEMO_DATA: 'no thanks' })).toThrow('DEMO_DATA: must be true or false');
  });
});
