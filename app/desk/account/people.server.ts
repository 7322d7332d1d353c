import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { tokenHash } from "#app/desk/account/setup.server.ts";
import { type Auth, createStaffAccount, endSessions, scramblePassword } from "#app/desk/auth.server.ts";
import type { Config } from "#app/lib/env.server.ts";
import { outbox, type StaffRole, staffInvitations, staffUser } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

export const invitationDays = 7;

export async function listPeople(db: Db) {
  const [people, invitations] = await Promise.all([
    db
      .select({
        id: staffUser.id,
        name: staffUser.name,
        email: staffUser.email,
        role: staffUser.role,
        createdAt: staffUser.createdAt,
        // Spelt out: inside the subquery an unqualified "id" would be the session's own.
        sessions: sql<number>`(select count(*)::int from staff_session s where s.user_id = "staff_user"."id" and s.expires_at > now())`,
      })
      .from(staffUser)
      .orderBy(asc(staffUser.name)),
    db
      .select({
        id: staffInvitations.id,
        email: staffInvitations.email,
        role: staffInvitations.role,
        expiresAt: staffInvitations.expiresAt,
      })
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, new Date())))
      .orderBy(asc(staffInvitations.createdAt)),
  ]);
  return { people, invitations };
}

export class PeopleError extends Error {
  override name = "PeopleError";
}

/** Writes the invitation and its e-mail in one transaction; the link is returned to be shown once. */
export async function invite(
  db: Db,
  config: Pick<Config, "siteUrl" | "site">,
  input: { email: string; role: StaffRole },
  inviter: { id: string; name: string },
) {
  const email = input.email.toLowerCase();
  const [taken] = await db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, email));
  if (taken) throw new PeopleError("That e-mail address already has a desk account.");
  const token = randomBytes(24).toString("base64url");
  const link = `${config.siteUrl}/desk/welcome?token=${token}`;
  await db.transaction(async (tx) => {
    await tx.insert(staffInvitations).values({
      tokenHash: tokenHash(token),
      email,
      role: input.role,
      invitedById: inviter.id,
      expiresAt: new Date(Date.now() + invitationDays * 24 * 60 * 60 * 1000),
    });
    await tx.insert(outbox).values({
      kind: "message",
      payload: {
        to: email,
        subject: `You are invited to the ${config.site.name} quote desk`,
        text: [
          "Hello,",
          "",
          `${inviter.name} has invited you to the quote desk, where the sales team works the website's quote requests.`,
          `Open this link within ${invitationDays} days to choose your name and password:`,
          "",
          link,
          "",
          "If you were not expecting this, you can ignore this e-mail.",
        ].join("\n"),
        tag: "desk-invitation",
      },
    });
  });
  return link;
}

export async function findInvitation(db: Db, token: string | null) {
  if (!token || token.length > 200) return undefined;
  const [found] = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash(token)),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, new Date()),
      ),
    );
  return found;
}

/** Uses the invitation up and creates the account; undefined when the link is used, expired or unknown. */
export async function acceptInvitation(db: Db, auth: Auth, token: string, input: { name: string; password: string }) {
  const [claimed] = await db
    .update(staffInvitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash(token)),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, new Date()),
      ),
    )
    .returning({ email: staffInvitations.email, role: staffInvitations.role });
  if (!claimed) return undefined;
  const [taken] = await db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, claimed.email));
  if (taken) throw new PeopleError("That e-mail address already has a desk account. Sign in instead.");
  return createStaffAccount(auth, { ...input, email: claimed.email, role: claimed.role });
}

export async function withdrawInvitation(db: Db, id: number) {
  await db.delete(staffInvitations).where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)));
}

async function findPerson(db: Db, id: string) {
  const [person] = await db
    .select({ id: staffUser.id, email: staffUser.email, role: staffUser.role })
    .from(staffUser)
    .where(eq(staffUser.id, id));
  if (!person) throw new PeopleError("That person no longer has a desk account.");
  return person;
}

/**
 * Deletes the account; its sessions go with it (cascade), so any open desk stops working on the next click.
 * The admins' rows are locked while the last-admin check and the removal happen, so two admins removing
 * each other at once cannot leave the desk without one: the second waits, then sees the first's change.
 */
export async function removePerson(db: Db, id: string, by: { id: string }) {
  if (id === by.id) throw new PeopleError("You cannot remove yourself. Ask another admin.");
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(eq(staffUser.role, "admin"))
      .for("update");
    if (!admins.some((admin) => admin.id === by.id)) {
      throw new PeopleError("Only an admin can remove people, and you no longer are one.");
    }
    const person = await findPerson(tx, id);
    if (person.role === "admin" && admins.length <= 1) throw new PeopleError("The desk needs at least one admin.");
    await tx.delete(staffUser).where(eq(staffUser.id, id));
  });
}

/** Signs the person out everywhere, retires the old password and e-mails a link to choose a new one. */
export async function resetAccess(db: Db, auth: Auth, id: string) {
  const person = await findPerson(db, id);
  await endSessions(auth, id);
  await scramblePassword(db, auth, id);
  await auth.api.requestPasswordReset({ body: { email: person.email } });
}
