import * as z from "zod/mini";

// The desk's forms, shared by the browser (Conform) and the server actions.

export const passwordRule = { min: 12, max: 128 } as const;

const email = z.pipe(
  z
    .string({ error: "Enter your e-mail address" })
    .check(z.trim(), z.maxLength(254, "Keep the e-mail address under 254 characters")),
  z.email("Enter an e-mail address like name@company.co.uk"),
);

const name = z
  .string({ error: "Enter your name" })
  .check(z.trim(), z.minLength(1, "Enter your name"), z.maxLength(80, "Keep your name under 80 characters"));

const newPassword = z
  .string({ error: `Choose a password of at least ${passwordRule.min} characters` })
  .check(
    z.minLength(passwordRule.min, `Choose a password of at least ${passwordRule.min} characters`),
    z.maxLength(passwordRule.max, `Keep the password under ${passwordRule.max} characters`),
  );

const sameTwice = <T extends { password: string; confirm: string }>(value: T) => value.password === value.confirm;
const confirmMessage = { message: "The two passwords are not the same", path: ["confirm"] };

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: "Enter your password" })
    .check(z.minLength(1, "Enter your password"), z.maxLength(passwordRule.max, "That password is too long")),
  next: z.optional(z.string()),
});

export const setupSchema = z
  .object({ name, email, password: newPassword, confirm: z.string({ error: "Type the password again" }) })
  .check(z.refine(sameTwice, confirmMessage));

export const welcomeSchema = z
  .object({ name, password: newPassword, confirm: z.string({ error: "Type the password again" }) })
  .check(z.refine(sameTwice, confirmMessage));

export const resetSchema = z
  .object({ password: newPassword, confirm: z.string({ error: "Type the password again" }) })
  .check(z.refine(sameTwice, confirmMessage));

export const forgotSchema = z.object({ email });

export const inviteSchema = z.object({
  email,
  role: z.enum(["staff", "admin"], { error: "Choose Staff or Admin" }),
});

export const noteSchema = z.object({
  note: z
    .string({ error: "Write a note first" })
    .check(z.trim(), z.minLength(1, "Write a note first"), z.maxLength(4000, "Keep the note under 4,000 characters")),
});
