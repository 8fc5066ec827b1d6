// Outgoing requests to a URL someone typed must not reach the server's own network: loopback, private, link-local,
// CGNAT, cloud metadata, multicast, reserved and translated addresses are refused after DNS resolution, on every hop,
// and the connection goes to the very address that was checked (the check is the socket's own DNS lookup), so a
// second, different DNS answer cannot swap it. Origins listed by the operator are exempt. Only the status and the
// headers are read; the body is never.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to a non-public address (${address})`);
  }
}

/**
 * The address as the network treats it: an IPv6 address that carries an IPv4 one, mapped (`::ffff:7f00:1`) or in the
 * deprecated IPv4-compatible form (`::7f00:1`, RFC 4291 2.5.5.1), is that IPv4 address.
 */
export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const ip = ipaddr.parse(address);
  if (ip.kind() === "ipv4") return ip;
  const v6 = ip as ipaddr.IPv6;
  const parts = v6.parts;
  const compatible = parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1);
  return v6.isIPv4MappedAddress() || compatible ? (ipaddr.fromByteArray(v6.toByteArray().slice(12)) as ipaddr.IPv4) : v6;
}

/** True for an address on the public internet: a unicast address outside every special-purpose range. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = parseAddress(address);
  // ipaddr.js names every special-purpose range (private, loopback, linkLocal, carrierGradeNat, uniqueLocal,
  // 6to4, teredo, rfc6052...); only what it calls plain "unicast" is public.
  return ip.range() === "unicast";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A socket lookup that refuses the host when any of its addresses is not public. */
function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
    if (blocked || addresses.length === 0) return callback(new BlockedAddressError(blocked?.address ?? hostname), "");
    const first = addresses[0] as dns.LookupAddress;
    if (options.all) return callback(null, [first]);
    callback(null, first.address, first.family);
  });
}

export type HeadResult = { status: number; headers: http.IncomingHttpHeaders; url: URL };

function requestHeaders(url: URL, checked: boolean, headers: Record<string, string>, timeoutMs: number): Promise<HeadResult> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (checked && net.isIP(host) && !isPublicAddress(host)) return Promise.reject(new BlockedAddressError(host));
  return new Promise<HeadResult>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "GET",
      headers,
      agent: false,
      ...(checked ? { lookup: checkedLookup as unknown as net.LookupFunction } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.on("response", (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers, url });
      response.destroy();
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * GETs `url` and answers the final response's status and headers. Redirects are followed (at most `maxRedirects`)
 * only to https, each hop checked again; a redirect elsewhere is an error, like an unreachable host.
 */
export async function fetchPublicHeaders(
  url: URL,
  options: { allowedOrigins: readonly string[]; headers: Record<string, string>; timeoutMs: number; maxRedirects?: number },
): Promise<HeadResult> {
  const maxRedirects = options.maxRedirects ?? 5;
  let current = url;
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "https:" && current.protocol !== "http:") throw new Error("only http(s) is fetched");
    const checked = !options.allowedOrigins.includes(current.origin);
    const result = await requestHeaders(current, checked, options.headers, options.timeoutMs);
    const location = result.headers.location;
    if (result.status < 300 || result.status >= 400 || !location) return result;
    const next = URL.parse(location, current);
    if (next?.protocol !== "https:" || hop >= maxRedirects) throw new Error("redirect not followed");
    current = next;
  }
}
