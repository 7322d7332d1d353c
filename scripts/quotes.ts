// Operator command for stored quote requests: `npm run quotes -- list | show REF | export --csv`.
// Run by Node directly (type stripping), so relative imports carry .ts and only erasable syntax is used.
import { asc, desc, eq, inArray } from "drizzle-orm";
import { readConfig } from "#app/lib/env.server.ts";
import { formatDateTime } from "#app/lib/london-time.ts";
import { loadQuoteExtras } from "#app/mail-out/mail.server.ts";
import { formatBytes } from "#app/quote/attachments.ts";
import { csvLine, quoteCsvCells, quoteCsvHeader } from "#app/request/csv.ts";
import { categoryLabel, fieldText, labelledFields, longFields, urgencyLabel } from "#app/request/fields.ts";
import { type Database, openDatabase } from "#db/client.server.ts";
import { outbox, quotes } from "#db/schema.ts";
import { runOperatorCommand } from "#scripts/operator-command.ts";

const usage = "Usage: npm run quotes -- list | show <reference> | export --csv";

type OutboxRow = typeof outbox.$inferSelect;

const when = (date: Date | null) => (date ? formatDateTime(date) : "—");

/** Customer text goes to a terminal: no escape sequences or stray control characters. */
function printable(value: string, keepNewlines = false) {
  return value.replace(keepNewlines ? /[^\P{Cc}\n\t]/gu : /\p{Cc}/gu, " ");
}

function clip(value: string, width: number) {
  const chars = Array.from(printable(value));
  return chars.length > width ? `${chars.slice(0, width - 1).join("")}…` : chars.join("");
}

/** "email sent, forward pending (2 tries)"; spam has no notifications. */
function notificationSummary(messages: OutboxRow[]) {
  if (messages.length === 0) return "none";
  return messages
    .map((m) => {
      const tries =
        m.status === "sent" || m.attempts === 0 ? "" : ` (${m.attempts} ${m.attempts === 1 ? "try" : "tries"})`;
      return `${m.kind} ${m.status}${tries}`;
    })
    .join(", ");
}

async function outboxByQuote(database: Database, quoteIds: number[]) {
  const byQuote = new Map<number, OutboxRow[]>();
  if (quoteIds.length === 0) return byQuote;
  const rows = await database.db.select().from(outbox).where(inArray(outbox.quoteId, quoteIds)).orderBy(asc(outbox.id));
  for (const row of rows) {
    if (row.quoteId !== null) byQuote.set(row.quoteId, [...(byQuote.get(row.quoteId) ?? []), row]);
  }
  return byQuote;
}

async function list(database: Database) {
  const rows = await database.db.select().from(quotes).orderBy(desc(quotes.createdAt), desc(quotes.id)).limit(50);
  if (rows.length === 0) {
    console.log("No quote requests yet.");
    return;
  }
  const messages = await outboxByQuote(
    database,
    rows.map((q) => q.id),
  );
  const table = [
    ["Reference", "Received", "Name", "Company", "Category", "Urgency", "Status", "Notification"],
    ...rows.map((q) => [
      q.reference,
      when(q.createdAt),
      clip(q.customerName, 24),
      clip(q.company ?? "", 20),
      categoryLabel(q.category ?? undefined),
      urgencyLabel(q.urgency),
      q.status,
      notificationSummary(messages.get(q.id) ?? []),
    ]),
  ];
  const widths = table[0]?.map((_, column) => Math.max(...table.map((row) => Array.from(row[column] ?? "").length)));
  for (const row of table) {
    console.log(
      row
        .map((cell, column) => cell.padEnd((widths?.[column] ?? 0) + cell.length - Array.from(cell).length))
        .join("  ")
        .trimEnd(),
    );
  }
  console.log(`\n${rows.length} most recent shown. Details: npm run quotes -- show <reference>`);
}

async function show(database: Database, reference: string) {
  const [quote] = await database.db.select().from(quotes).where(eq(quotes.reference, reference.trim().toUpperCase()));
  if (!quote) {
    console.error(`No quote request with reference ${printable(reference)}.`);
    return 1;
  }
  const messages = (await outboxByQuote(database, [quote.id])).get(quote.id) ?? [];
  const fields: [string, string][] = [
    ["Reference", quote.reference],
    ["Received", when(quote.createdAt)],
    ["Status", quote.status],
    ...labelledFields.map((field): [string, string] => [field.label, printable(fieldText(field, quote, "—"))]),
    ["Source IP hash", quote.sourceIpHash ?? "—"],
    ["User agent", printable(quote.userAgent ?? "—")],
  ];
  for (const [label, value] of fields) console.log(`${`${label}:`.padEnd(16)}${value}`);
  for (const field of longFields) console.log(`\n${field.label}:\n${printable(quote[field.name], true)}\n`);
  const extras = await loadQuoteExtras(database.db, quote.id);
  const lines = extras.lines ?? [];
  if (lines.length > 0) {
    console.log(`Parts list (${lines.length}):`);
    lines.forEach((line, i) => {
      const brand = line.brand ? `  [${printable(line.brand)}]` : "";
      console.log(
        `  ${String(i + 1).padStart(2)}. ${String(line.quantity).padStart(5)} x ${printable(line.part)}${brand}`,
      );
    });
    console.log("");
  }
  for (const file of extras.attachments ?? []) {
    console.log(
      `Attachment: ${printable(file.fileName)} (${file.contentType}, ${formatBytes(file.size)}) key ${file.storageKey}`,
    );
  }
  if ((extras.attachments ?? []).length > 0) console.log("");
  if (messages.length === 0) console.log("Notifications: none");
  for (const m of messages) {
    console.log(`Notification #${m.id} (${m.kind}): ${m.status}, ${m.attempts} attempt(s)`);
    console.log(`  queued ${when(m.createdAt)}; sent ${when(m.sentAt)}`);
    if (m.status === "pending") console.log(`  next attempt ${when(m.nextAttemptAt)}`);
    if (m.lastError) console.log(`  last error: ${printable(m.lastError)}`);
  }
  return 0;
}

async function exportCsv(database: Database) {
  const rows = await database.db.select().from(quotes).orderBy(asc(quotes.createdAt), asc(quotes.id));
  const messages = await outboxByQuote(
    database,
    rows.map((q) => q.id),
  );
  const lines = [csvLine([...quoteCsvHeader, "Notification"])];
  for (const q of rows) lines.push(csvLine([...quoteCsvCells(q), notificationSummary(messages.get(q.id) ?? [])]));
  process.stdout.write(lines.join(""));
}

async function main(args: string[]) {
  const [command, argument] = args;
  const known =
    command === "list" || (command === "show" && argument) || (command === "export" && argument === "--csv");
  if (!known) {
    console.error(usage);
    return 1;
  }
  const config = readConfig(process.env);
  // Beside a running server, its embedded database is shared rather than refused.
  const database: Database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    share: true,
  });
  try {
    if (command === "list") await list(database);
    else if (command === "show" && argument) return await show(database, argument);
    else await exportCsv(database);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) await runOperatorCommand(main);
