import * as z from "zod/mini";
import { declineReasonLabels } from "#app/content/online-quotation.ts";

// The buyer's two forms on a quotation's page online, shared by the browser (Conform) and the action.

export const answerLimits = { name: 80, po: 40, address: 500, notes: 2000, reason: 1000 } as const;

const text = (max: number, message: string) => z.optional(z.string().check(z.trim(), z.maxLength(max, message)));

export const acceptSchema = z
  .object({
    buyerName: z
      .string({ error: "Enter your name" })
      .check(
        z.trim(),
        z.minLength(1, "Enter your name"),
        z.maxLength(answerLimits.name, "Keep your name under 80 characters"),
      ),
    poNumber: text(answerLimits.po, "Keep the PO number under 40 characters"),
    poToFollow: z.optional(z.literal("on")),
    deliveryAddress: text(answerLimits.address, "Keep the address under 500 characters"),
    notes: text(answerLimits.notes, "Keep the notes under 2,000 characters"),
    terms: z.literal("on", { error: "Tick the box to accept the quotation's terms" }),
  })
  .check(
    z.refine((value) => Boolean(value.poNumber) || value.poToFollow === "on", {
      message: "Enter your PO number, or tick “PO to follow”",
      path: ["poNumber"],
      // Also when the name or the terms box is missing, so that the buyer sees every problem with one send.
      when: (payload) => !payload.issues.some((issue) => ["poNumber", "poToFollow"].includes(String(issue.path?.[0]))),
    }),
  );

export const declineReasons = Object.keys(declineReasonLabels) as (keyof typeof declineReasonLabels)[];

export const declineSchema = z
  .object({
    reason: z.enum(declineReasons as [keyof typeof declineReasonLabels], { error: "Choose a reason" }),
    reasonText: text(answerLimits.reason, "Keep it under 1,000 characters"),
  })
  .check(
    z.refine((value) => value.reason !== "other" || Boolean(value.reasonText), {
      message: "Tell us the reason",
      path: ["reasonText"],
    }),
  );

export type Acceptance = z.infer<typeof acceptSchema>;
export type Decline = z.infer<typeof declineSchema>;
