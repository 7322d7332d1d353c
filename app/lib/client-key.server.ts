import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { settings } from "../../db/schema.ts";

/** Keyed hash of a client address: lets us group abuse without keeping the address itself. */
export function hashIp(ip: string, salt: string) {
  // The same IPv4 client can show up as ::ffff:a.b.c.d depending on the socket.
  const normalised = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return createHmac("sha256", salt).update(normalised).digest("hex");
}

/**
 * The per-install salt for hashIp, kept in the settings table so every server process sharing the
 * database agrees on it (and it survives restarts). Created on first use.
 */
export async function getIpSalt(db: Db) {
  await db
    .insert(settings)
    .values({ key: "ip_salt", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "ip_salt"));
  if (!row) throw new Error("The ip_salt setting could not be created");
  return row.value;
}
