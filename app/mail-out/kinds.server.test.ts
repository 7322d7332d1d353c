import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isMailKind, mailKinds } from "#app/mail-out/kinds.server.ts";
import { outboxEntry, outboxKinds } from "#db/outbox-payloads.ts";
import { describeDatabase } from "#test/pg.ts";

describeDatabase("the kinds of message the outbox sends", (target) => {
  it("are the kinds the database allows, each with one way out", async () => {
    const result = await target.database.db.execute(
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'outbox_kind_check'`,
    );
    const [check] = (result as unknown as { rows: { definition: string }[] }).rows;
    const allowed = [...(check?.definition ?? "").matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(allowed.length).toBeGreaterThan(0);
    expect(Object.keys(mailKinds).sort()).toEqual(allowed.sort());
  });
});

describe("a message's kind", () => {
  it("says whether it is an e-mail: all are but the copy posted to the form service", () => {
    expect(outboxKinds.filter((kind) => !isMailKind(kind))).toEqual(["forward"]);
  });

  it("reads a stored payload as its own kind's, and refuses one of another kind", () => {
    expect(outboxEntry("reply", { reference: "Q-261122-7F3K9", replyId: 4 })).toEqual({
      kind: "reply",
      payload: { reference: "Q-261122-7F3K9", replyId: 4 },
    });
    expect(() => outboxEntry("quotation", { reference: "Q-261122-7F3K9", replyId: 4 })).toThrow();
    expect(() => outboxEntry("message", { reference: "Q-261122-7F3K9" })).toThrow();
  });
});
