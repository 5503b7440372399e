import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies, type TrustedProxies } from '../../src/server/http/client-address';
import { EnvError, parseEnv } from '../../src/server/env';

function proxies(value: string): TrustedProxies {
  const parsed = parseTrustedProxies(value);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

describe('the client address behind reverse proxies (TRUST_PROXY)', () => {
  it('trusts no proxy by default: a forwarding header never counts', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(clientAddress('192.0.2.1', '203.0.113.9', parseEnv({}).TRUST_PROXY)).toBe('192.0.2.1');
    expect(clientAddress('::ffff:192.0.2.1', null, proxies(''))).toBe('192.0.2.1');
  });

  it('with a number of hops, takes the entry written by the farthest trusted proxy', () => {
    expect(clientAddress('10.0.0.5', '203.0.113.9', proxies('1'))).toBe('203.0.113.9');
    // A client's own claims come before the proxies' entries and are passed over.
    expect(clientAddress('10.0.0.5', '198.51.100.1, 203.0.113.9', proxies('1'))).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.5', '198.51.100.1, 203.0.113.9, 10.0.0.4', proxies('2'))).toBe('203.0.113.9');
    // Fewer entries than hops: the farthest one there is.
    expect(clientAddress('10.0.0.5', '203.0.113.9', proxies('3'))).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.5', null, proxies('1'))).toBe('10.0.0.5');
  });

  it('with a list, reads past listed proxies to the first address that is not one', () => {
    const list = proxies('10.0.0.0/8, 127.0.0.1, 2001:db8::/32');
    expect(clientAddress('127.0.0.1', '198.51.100.1, 203.0.113.9, 10.1.2.3', list)).toBe('203.0.113.9');
    expect(clientAddress('2001:db8::1', '[2001:db9::2]:443, 2001:db8:ffff::1', list)).toBe('2001:db9::2');
    // A peer not on the list is the client, whatever it writes.
    expect(clientAddress('198.51.100.7', '203.0.113.9', list)).toBe('198.51.100.7');
    // Garbage a client wrote ends the walk at the last proxy.
    expect(clientAddress('127.0.0.1', 'not-an-address, 10.0.0.3', list)).toBe('10.0.0.3');
  });

  it('reads RFC 7239 Forwarded when the proxies write that header', () => {
    const forwarded = 'for=198.51.100.1;proto=https, for="[2001:db8:cafe::17]:4711";by=10.0.0.1';
    expect(clientAddress('10.0.0.5', forwarded, proxies('1'), 'forwarded')).toBe('2001:db8:cafe::17');
    expect(clientAddress('10.0.0.5', 'for=192.0.2.43:8080', proxies('1'), 'forwarded')).toBe('192.0.2.43');
    expect(clientAddress('10.0.0.5', 'for=unknown', proxies('1'), 'forwarded')).toBe('10.0.0.5');
  });

  it('stops the process at start on a value that is neither a number nor addresses, naming the variable', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(EnvError);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" is not an address/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY_HEADER: 'x-real-ip' })).toThrow(/TRUST_PROXY_HEADER/);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
  });
});
