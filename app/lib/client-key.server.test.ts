import { describe, expect, it } from "vitest";
import { clientKey, hashIp } from "#app/lib/client-key.server.ts";

describe("clientKey", () => {
  it("folds IPv4-mapped IPv6 to plain IPv4, written either way", () => {
    expect(clientKey("192.0.2.51")).toBe("192.0.2.51");
    expect(clientKey("::ffff:192.0.2.51")).toBe("192.0.2.51");
    expect(clientKey("::FFFF:c000:0233")).toBe("192.0.2.51");
    expect(clientKey("0:0:0:0:0:ffff:192.0.2.51")).toBe("192.0.2.51");
  });

  it("groups IPv6 by its /64, however it is written", () => {
    const keys = Array.from({ length: 20 }, (_, i) => clientKey(`2001:db8:1:2::${(i + 1).toString(16)}`));
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(clientKey("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps anything else as it is, and names a missing address", () => {
    expect(clientKey(undefined)).toBe("unknown");
    expect(clientKey("quote:192.0.2.51")).toBe("quote:192.0.2.51");
  });

  it("is what hashIp hashes", () => {
    expect(hashIp("::ffff:192.0.2.51", "s")).toBe(hashIp("192.0.2.51", "s"));
    expect(hashIp("2001:db8:1:2::7", "s")).toBe(hashIp("2001:db8:1:2::8", "s"));
  });
});
