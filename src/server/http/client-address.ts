/**
 * The address of the client a request comes from, which every per-address limit, session record
 * and log line uses. Without `TRUST_PROXY` it is the socket's peer: a header anyone can write
 * never counts. Behind reverse proxies, the proxies' own entries in the forwarding header are read
 * from the nearest one outwards, and the first address not written by a trusted proxy is the
 * client (decision 0026).
 */
import { BlockList, isIP } from 'node:net';

export type TrustedProxies =
  | { kind: 'none' }
  /** This many proxies in front of the app, the socket's peer being the nearest. */
  | { kind: 'hops'; hops: number }
  /** Proxies known by address: the socket's peer and forwarding entries on this list are proxies. */
  | { kind: 'addresses'; list: BlockList; text: string };

export type ForwardingHeader = 'x-forwarded-for' | 'forwarded';

/** `::ffff:192.0.2.1` (an IPv4 peer on a dual-stack socket) as `192.0.2.1`. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped?.[1] ?? address).toLowerCase();
}

/**
 * Reads `TRUST_PROXY`: empty (trust none), a number of hops, or a comma-separated list of
 * addresses and CIDR ranges. Returns a message naming what is wrong, for the configuration check.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | string {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { kind: 'hops', hops } : 'a number of proxies must be at most 10';
  }
  const list = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return `"${entry}" is not an address or CIDR range (e.g. 10.0.0.0/8, 2001:db8::/32, 127.0.0.1)`;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(plainAddress(address), type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return `"${entry}" has no valid prefix length`;
    list.addSubnet(plainAddress(address), bits, type);
  }
  return { kind: 'addresses', list, text };
}

/** The addresses a forwarding header names, nearest proxy's entry last; unreadable entries as ''. */
export function forwardedAddresses(header: ForwardingHeader, value: string | null | undefined): string[] {
  if (!value) return [];
  if (header === 'x-forwarded-for') return value.split(',').map((entry) => addressOf(entry.trim()));
  // RFC 7239: `Forwarded: for=192.0.2.60;proto=http, for="[2001:db8::17]:4711"`.
  return value.split(',').map((element) => {
    const pair = element.split(';').map((part) => part.trim()).find((part) => /^for=/i.test(part));
    return pair ? addressOf(pair.slice(4).replace(/^"|"$/g, '')) : '';
  });
}

/** An address as written in a header, with a port or brackets (`[2001:db8::1]:80`, `192.0.2.1:80`) taken off; '' when it is none. */
function addressOf(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  const address = bracketed?.[1] ?? withPort?.[1] ?? entry;
  return isIP(address) ? plainAddress(address) : '';
}

function trusted(proxies: TrustedProxies, address: string, hop: number): boolean {
  if (proxies.kind === 'none') return false;
  if (proxies.kind === 'hops') return hop < proxies.hops;
  return proxies.list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address: the socket's peer, or, while that and each next entry of the forwarding
 * header (read from the nearest proxy outwards) are trusted proxies, the entry after them. An
 * entry that is no address ends the walk at the last proxy: only a client writes such a thing.
 */
export function clientAddress(
  socketAddress: string | null | undefined,
  header: string | null | undefined,
  proxies: TrustedProxies,
  headerName: ForwardingHeader = 'x-forwarded-for',
): string | null {
  if (!socketAddress) return null;
  const peer = plainAddress(socketAddress);
  if (proxies.kind === 'none') return peer;
  const chain = [peer, ...forwardedAddresses(headerName, header).reverse()];
  let client = peer;
  for (let hop = 0; hop < chain.length; hop += 1) {
    const address = chain[hop] as string;
    if (address === '') return client;
    client = address;
    if (!trusted(proxies, address, hop)) return address;
  }
  // Every entry was a proxy's: the farthest one is where the request came from.
  return client;
}

/** Whether the socket's peer is a trusted proxy, whose headers (a forwarding header, `traceparent`) count. */
export function peerIsTrustedProxy(socketAddress: string | null | undefined, proxies: TrustedProxies): boolean {
  if (!socketAddress) return false;
  const peer = plainAddress(socketAddress);
  return peer !== '' && trusted(proxies, peer, 0);
}
