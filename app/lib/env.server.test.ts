import { describe, expect, it } from "vitest";
import { defaultSite } from "../content/site";
import { ConfigError, readConfig } from "./env.server";
import { siteSchema } from "./site-schema.server";

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
  ])("rejects %o naming %s", (env, variable) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`\\b${variable}\\b`));
  });
});
