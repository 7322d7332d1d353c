import { describe, expect, it } from "vitest";
import { mailboxKey } from "#app/quote/mailbox-key.ts";

describe("mailboxKey", () => {
  it("takes the variants of one mailbox as one: case, +tags, and Gmail's dots and googlemail.com", () => {
    const gmail = [
      "robin.buyer@gmail.com",
      "Robin.Buyer@Gmail.com",
      "robinbuyer+quotes@gmail.com",
      "r.o.b.i.n.b.u.y.e.r@googlemail.com",
      "ROBIN.BUYER+1@GOOGLEMAIL.COM",
    ];
    expect(new Set(gmail.map(mailboxKey))).toEqual(new Set(["robinbuyer@gmail.com"]));
    expect(mailboxKey("Sam.Fitter+urgent@Plant.example")).toBe("sam.fitter@plant.example");
  });

  it("keeps apart what other providers deliver apart", () => {
    expect(mailboxKey("sam.fitter@plant.example")).not.toBe(mailboxKey("samfitter@plant.example"));
    expect(mailboxKey("robin@gmail.com.example")).toBe("robin@gmail.com.example");
  });

  it("leaves an address that is all tag, or has no name, as it is", () => {
    expect(mailboxKey("+tag@plant.example")).toBe("+tag@plant.example");
    expect(mailboxKey("@plant.example")).toBe("@plant.example");
  });
});
