import { describe, expect, it } from "vitest";
import { isoMonth, openingHoursSpecification } from "./structured-data";

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
});
