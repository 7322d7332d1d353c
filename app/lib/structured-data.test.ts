import { describe, expect, it } from "vitest";
import { defaultSite } from "#app/content/site.ts";
import { isoMonth, localBusiness, openingHoursSpecification, organization } from "#app/lib/structured-data.ts";

describe("structured data", () => {
  it("reads the spec's opening hours", () => {
    expect(openingHoursSpecification("Mon-Fri 8:30-17:00")).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:30",
      closes: "17:00",
    });
    expect(openingHoursSpecification("Sat 9:00-13:00")).toMatchObject({ dayOfWeek: ["Saturday"], opens: "09:00" });
  });

  it("leaves out hours it cannot read rather than guessing", () => {
    expect(openingHoursSpecification("By appointment")).toBeUndefined();
    expect(openingHoursSpecification("Fri-Mon 8:00-12:00")).toBeUndefined();
  });

  it("turns the founding month into an ISO month", () => {
    expect(isoMonth("July 2021")).toBe("2021-07");
    expect(isoMonth("Sometime")).toBeUndefined();
  });

  it("names the company's profiles elsewhere only when they are configured", () => {
    expect(organization(defaultSite)).not.toHaveProperty("sameAs");
    const profiles = ["https://www.linkedin.com/company/acme-mro"];
    const site = { ...defaultSite, url: "https://www.acme.example", sameAs: profiles };
    expect(organization(site)).toMatchObject({
      "@id": "https://www.acme.example/#organization",
      logo: "https://www.acme.example/icon-512.png",
      sameAs: profiles,
    });
    expect(localBusiness(site)).toMatchObject({ sameAs: profiles });
  });
});
