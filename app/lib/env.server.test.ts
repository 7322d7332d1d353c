import { describe, expect, it } from "vitest";
import { defaultSite } from "#app/content/site.ts";
import { ConfigError, readConfig } from "#app/lib/env.server.ts";
import { siteSchema } from "#app/lib/site-schema.server.ts";

describe("configuration", () => {
  it("boots with the documented defaults", () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      siteUrl: "http://localhost:3000",
      quoteNotifyTo: "sales@wrekin-mro.example",
      quoteRateLimit: 5,
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.site).toEqual(defaultSite);
  });

  it("the default identity is valid and writes the spec's opening hours exactly", () => {
    expect(siteSchema.parse(defaultSite).hours).toEqual({
      weekdays: "Mon-Fri 8:30-17:00",
      saturday: "Sat 9:00-13:00",
    });
  });

  it("trusts forwarded addresses from loopback only, and bounds slow and idle connections, by default", () => {
    expect(readConfig({})).toMatchObject({
      trustProxy: ["loopback"],
      http: {
        requestTimeoutMs: 120_000,
        headersTimeoutMs: 10_000,
        keepAliveTimeoutMs: 5000,
        maxConnections: 1000,
        shutdownTimeoutMs: 10_000,
      },
    });
  });

  it("reads TRUST_PROXY as a hop count or a list of addresses, subnets and names", () => {
    expect(readConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(0);
    expect(readConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: "10.0.0.0/8, 2001:db8::1,Loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "2001:db8::1",
      "loopback",
    ]);
  });

  it("treats empty variables as unset", () => {
    expect(readConfig({ DATABASE_URL: "", SMTP_URL: "", PORT: "" })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      port: 3000,
    });
  });

  it("takes identity overrides from the environment", () => {
    const { site, quoteNotifyTo } = readConfig({
      SITE_NAME: "Acme Bearings",
      SITE_PHONE: "01952 000000",
      SITE_PHONE_TEL: "+441952000000",
      SITE_EMAIL: "quotes@acme.example",
      SITE_LAT: "52.7",
    });
    expect(site).toMatchObject({
      name: "Acme Bearings",
      phoneDisplay: "01952 000000",
      phoneTel: "+441952000000",
      email: "quotes@acme.example",
      tradeCounter: { lat: 52.7, locality: defaultSite.tradeCounter.locality },
    });
    expect(quoteNotifyTo).toBe("quotes@acme.example");
  });

  it("takes the street address, postcode and public origin from the environment", () => {
    const { site } = readConfig({
      SITE_URL: "https://www.acme.example/",
      SITE_STREET_ADDRESS: "2 Halesfield 19",
      SITE_POSTCODE: "TF7 4QT",
    });
    expect(site.url).toBe("https://www.acme.example");
    expect(site.tradeCounter).toMatchObject({ streetAddress: "2 Halesfield 19", postcode: "TF7 4QT" });
    expect(readConfig({}).site.tradeCounter).toMatchObject({
      streetAddress: "Unit 4, Stafford Park 10",
      postcode: "TF3 3XX",
    });
  });

  it("reads EXTRA_ORIGINS as origins, comma-separated; none by default", () => {
    expect(readConfig({}).extraOrigins).toEqual([]);
    expect(readConfig({ EXTRA_ORIGINS: "https://Example.co.uk/, http://10.0.0.5:3000 ," }).extraOrigins).toEqual([
      "https://example.co.uk",
      "http://10.0.0.5:3000",
    ]);
  });

  it("names no profiles elsewhere unless SITE_SAME_AS lists them, comma-separated", () => {
    expect(readConfig({}).site.sameAs).toEqual([]);
    const { site } = readConfig({
      SITE_SAME_AS: "https://www.linkedin.com/company/acme-mro, https://www.facebook.com/acmemro,",
    });
    expect(site.sameAs).toEqual(["https://www.linkedin.com/company/acme-mro", "https://www.facebook.com/acmemro"]);
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ DATABASE_URL: "mysql://x@y/z" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ SITE_EMAIL: "nobody" }, "SITE_EMAIL"],
    [{ SITE_PHONE_TEL: "01632 960000" }, "SITE_PHONE_TEL"],
    [{ SITE_LAT: "123" }, "SITE_LAT"],
    [{ SITE_SAME_AS: "https://ok.example, linkedin" }, "SITE_SAME_AS"],
    [{ QUOTE_RATE_LIMIT: "0" }, "QUOTE_RATE_LIMIT"],
    [{ EXTRA_ORIGINS: "https://ok.example, example.co.uk" }, "EXTRA_ORIGINS"],
    [{ EXTRA_ORIGINS: "https://example.co.uk/shop" }, "EXTRA_ORIGINS"],
    [{ EXTRA_ORIGINS: "ftp://example.co.uk" }, "EXTRA_ORIGINS"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "proxy.internal" }, "TRUST_PROXY"],
    [{ REQUEST_TIMEOUT_MS: "0" }, "REQUEST_TIMEOUT_MS"],
    [{ HEADERS_TIMEOUT_MS: "130000" }, "HEADERS_TIMEOUT_MS"],
    [{ MAX_CONNECTIONS: "-1" }, "MAX_CONNECTIONS"],
    [{ SHUTDOWN_TIMEOUT_MS: "soon" }, "SHUTDOWN_TIMEOUT_MS"],
    [{ SITE_CLOSURES: "Christmas" }, "SITE_CLOSURES"],
    [{ SITE_CLOSURES: "2027-01-01..2026-12-24" }, "SITE_CLOSURES"],
  ])("rejects %o naming %s", (env, variable) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it("reads closures (SITE_CLOSURES) as day ranges; none by default", () => {
    expect(readConfig({}).closures).toEqual([]);
    expect(readConfig({ SITE_CLOSURES: "2026-12-24..2027-01-01,2027-04-30" }).closures).toEqual([
      { from: "2026-12-24", to: "2027-01-01" },
      { from: "2027-04-30", to: "2027-04-30" },
    ]);
    expect(() => readConfig({ SITE_CLOSURES: "2026-13-01" })).toThrow(/SITE_CLOSURES: "2026-13-01" is not a date/);
  });
});
