import type { Site } from "#app/content/site.ts";

/** How many acknowledgements one e-mail address receives in 24 hours: enough for a buyer, useless for abuse. */
export const acknowledgementsPerDay = 3;

export type AcknowledgementFacts = {
  reference: string;
  /** The only thing the sender typed that the e-mail repeats. */
  customerName: string;
  urgency: string;
  urgencyLabel: string;
  partsLines: number;
  files: number;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The buyer's acknowledgement, as paragraphs. It repeats nothing typed but the name, so the form cannot be
 * used to send words of someone's choosing to a stranger's address.
 */
export function acknowledgementCopy(site: Site, facts: AcknowledgementFacts) {
  const next =
    facts.urgency === "emergency"
      ? [
          `You marked it as an emergency. We aim to get emergency parts to you the same day: if a machine is down, call us now on ${site.phoneDisplay} so we can start at once.`,
          site.outOfHoursPhone
            ? `Outside opening hours (${site.hours.weekdays}, ${site.hours.saturday}), our 24/7 out-of-hours emergency line is ${site.outOfHoursPhone}.`
            : `Outside opening hours (${site.hours.weekdays}, ${site.hours.saturday}), the same number reaches our 24/7 out-of-hours emergency service.`,
        ]
      : [
          `You chose ${facts.urgencyLabel}. We will reply with prices and availability within 24 hours, and sooner where we can.`,
          `If anything changes, call us on ${site.phoneDisplay}.`,
        ];
  return {
    subject: `We have your quote request ${facts.reference} — ${site.name}`,
    greeting: `Dear ${facts.customerName},`,
    paragraphs: [
      `Thank you for your quote request. Your reference is ${facts.reference}.`,
      `We received ${plural(facts.partsLines, "parts line", "parts lines")} and ${plural(facts.files, "file", "files")}.`,
      ...next,
      "To add to your request (more parts, a photo or a drawing), reply to this e-mail and keep the reference in the subject.",
    ],
    signOff: [`${site.name} sales team`, site.phoneDisplay, site.email],
  };
}
