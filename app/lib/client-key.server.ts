import { createHmac } from "node:crypto";
import { isIPv6 } from "node:net";
import { perInstallSecret } from "#app/lib/settings.server.ts";
import type { Db } from "#db/types.ts";

/**
 * The address a visitor is counted by: IPv4-mapped IPv6 (`::ffff:192.0.2.51`, as a dual-stack socket
 * reports IPv4 clients) folds to plain IPv4, and IPv6 is grouped by its /64, the block one household or
 * office is usually given, so a visitor cannot step round a limit by hopping addresses inside it.
 */
export function clientKey(address: string | undefined) {
  if (!address) return "unknown";
  const ip = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(ip: string) {
  let text = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const gap = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...gap, ...right].map((group) => Number.parseInt(group, 16));
}

/** Keyed hash of a client address: groups abuse without keeping the address. */
export function hashIp(ip: string, salt: string) {
  return hashKey(clientKey(ip), salt);
}

/** Keyed hash of a key built from an address already passed through clientKey (and perhaps an e-mail). */
export function hashKey(key: string, salt: string) {
  return createHmac("sha256", salt).update(key).digest("hex");
}

/**
 * The per-install salt for hashIp, kept in the settings table so every server process sharing the
 * database agrees on it (and it survives restarts). Created on first use.
 */
export function getIpSalt(db: Db) {
  return perInstallSecret(db, "ip_salt");
}
