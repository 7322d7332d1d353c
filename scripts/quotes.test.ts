import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { outbox, quotes } from "#db/schema.ts";
import { holdDatabaseInChild } from "#test/holder.ts";
import { nodeBin } from "#test/node.ts";
import { setupTimeoutMs } from "#test/pg.ts";

/** RFC 4180 records; enough to check what a spreadsheet would read. */
function parseCsv(text: string) {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return records;
}

describe("npm run quotes", () => {
  let dataDir: string;
  const references: Record<"plain" | "formula" | "spam", string> = { plain: "", formula: "", spam: "" };

  const run = (...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" };
      delete env.DATABASE_URL;
      const child = spawn(nodeBin, ["scripts/quotes.ts", ...args], { env });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-quotes-"));
    const database = await openDatabase({ dataDir });
    const { db } = database;
    const meta = (key: string, extra = {}) => ({
      idempotencyKey: key,
      spam: false,
      ipSalt: "s",
      forward: false,
      acknowledge: false,
      ...extra,
    });
    references.plain = (
      await storeQuote(
        db,
        {
          customerName: "Dana Fitter",
          email: "dana@works.example",
          company: "Severn Foods Ltd",
          phone: "01632 960123",
          category: "bearings",
          requirements: 'Deep groove 6205-2RS, "sealed"\nqty 10, by Friday',
          urgency: "emergency",
        },
        meta("a", { forward: true }),
      )
    ).reference;
    references.formula = (
      await storeQuote(
        db,
        {
          customerName: '=cmd|"/C calc"!A0',
          email: "eve@evil.example",
          company: "+SUM(1,2)",
          phone: "-1",
          requirements: "@A1",
          urgency: "standard",
        },
        meta("b"),
      )
    ).reference;
    references.spam = (
      await storeQuote(
        db,
        { customerName: "Spam \u001b[31mBot", email: "bot@spam.example", requirements: "buy", urgency: "standard" },
        meta("c", { spam: true }),
      )
    ).reference;
    const [plain] = await db.select().from(quotes).where(eq(quotes.reference, references.plain));
    await db
      .update(outbox)
      .set({ status: "sent", attempts: 1, sentAt: new Date() })
      .where(eq(outbox.kind, "email"))
      .execute();
    await db
      .update(outbox)
      .set({ attempts: 2, lastError: "Error: connect ECONNREFUSED 127.0.0.1:25" })
      .where(eq(outbox.quoteId, plain?.id ?? 0));
    await database.close();
  }, setupTimeoutMs);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("lists the latest requests with their notification status", async () => {
    const { code, stdout, stderr } = await run("list");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toMatch(/^Reference +Received +Name +Company +Category +Urgency +Status +Notification$/);
    const row = (reference: string) => lines.find((l) => l.startsWith(reference)) ?? "";
    expect(row(references.plain)).toMatch(
      /Dana Fitter +Severn Foods Ltd +Bearings +Emergency \(Same day\) +new +email sent, forward pending \(2 tries\)$/,
    );
    expect(row(references.formula)).toContain("email sent");
    expect(row(references.spam)).toMatch(/spam +none$/);
    // Terminal escape sequences from customer text are defused.
    expect(stdout).not.toContain("\u001b");
    expect(lines.findIndex((l) => l.startsWith(references.spam))).toBeLessThan(
      lines.findIndex((l) => l.startsWith(references.plain)),
    );
    // The embedded database it started for itself is stopped again.
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  });

  it("shows one request in full, notifications included", async () => {
    const { code, stdout } = await run("show", references.plain.toLowerCase());
    expect(code).toBe(0);
    for (const text of [
      `Reference:      ${references.plain}`,
      "Name:           Dana Fitter",
      "E-mail:         dana@works.example",
      "Company:        Severn Foods Ltd",
      "Phone:          01632 960123",
      "Category:       Bearings",
      "Urgency:        Emergency (Same day)",
      'Requirements:\nDeep groove 6205-2RS, "sealed"\nqty 10, by Friday',
      "(email): sent, 2 attempt(s)",
      "(forward): pending, 2 attempt(s)",
      "last error: Error: connect ECONNREFUSED 127.0.0.1:25",
      "next attempt",
    ]) {
      expect(stdout).toContain(text);
    }
  });

  it("says so when a reference does not exist", async () => {
    const { code, stderr } = await run("show", "Q-000000-00000");
    expect(code).toBe(1);
    expect(stderr).toContain("No quote request with reference Q-000000-00000.");
  });

  it("exports every request as CSV that a spreadsheet cannot run as formulas", async () => {
    const { code, stdout } = await run("export", "--csv");
    expect(code).toBe(0);
    const records = parseCsv(stdout);
    // The desk's export columns, then the notification's delivery.
    expect(records[0]).toEqual([
      "Reference",
      "Received",
      "Status",
      "Urgency",
      "Category",
      "Name",
      "Company",
      "E-mail",
      "Phone",
      "Requirements",
      "Notification",
    ]);
    expect(records).toHaveLength(4);
    const byReference = new Map(records.slice(1).map((r) => [r[0], r]));
    expect(byReference.get(references.plain)?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(byReference.get(references.plain)?.slice(2)).toEqual([
      "New",
      "Emergency (Same day)",
      "Bearings",
      "Dana Fitter",
      "Severn Foods Ltd",
      "dana@works.example",
      "01632 960123",
      'Deep groove 6205-2RS, "sealed"\nqty 10, by Friday',
      "email sent, forward pending (2 tries)",
    ]);
    const formula = byReference.get(references.formula);
    expect(formula?.[5]).toBe(`'=cmd|"/C calc"!A0`);
    expect(formula?.[6]).toBe("'+SUM(1,2)");
    expect(formula?.[8]).toBe("'-1");
    expect(formula?.[9]).toBe("'@A1");
    expect(byReference.get(references.spam)?.[2]).toBe("Spam");
  });

  it("explains its usage", async () => {
    const { code, stderr } = await run("export");
    expect(code).toBe(1);
    expect(stderr).toContain("Usage: npm run quotes -- list | show <reference> | export --csv");
  });

  it(
    "reads the embedded database while the server runs, and leaves it running",
    async () => {
      const holder = await holdDatabaseInChild(dataDir);
      try {
        const { code, stdout } = await run("show", references.plain);
        expect(code).toBe(0);
        expect(stdout).toContain("Dana Fitter");
        expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(true);
        expect((await run("list")).code).toBe(0);
      } finally {
        await holder.release();
      }
      expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    },
    setupTimeoutMs,
  );
});
