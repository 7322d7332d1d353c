import { partsAndFiles } from "#app/content/counts.ts";
import type { Site } from "#app/content/site.ts";

/** How many acknowledgements one mailbox receives in 24 hours: enough for a buyer, useless for abuse. */
export const acknowledgementsPerDay = 3;

/**
 * How many acknowledgements requests from one client address may have us send in 24 hours, to whatever
 * mailboxes: a works' buying office behind one address sends a few requests a day, from a few people; a
 * script typing in a different stranger's address each time gets ten e-mails out of our sales address a
 * day, not one a request (it may send 7,200 at the rate limit).
 */
export const acknowledgementsPerClientPerDay = 10;

/** The most of the buyer's name the greeting repeats: room for a name, too little for a message. */
const greetingNameLength = 40;

/** Anything a mail client would turn into a link, or an address. */
const linkLike = /:\/\/|www\.|@|\.[a-z]{2,}\b/i;

/** The buyer's name as the greeting repeats it: cut short, and left out altogether when it reads like a link. */
export function greetingName(name: string) {
  if (linkLike.test(name)) return undefined;
  return Array.from(name.trim()).slice(0, greetingNameLength).join("").trim() || undefined;
}

export type AcknowledgementFacts = {
  reference: string;
  /** The only thing the sender typed that the e-mail repeats (through greetingName). */
  customerName: string;
  urgency: string;
  urgencyLabel: string;
  partsLines: number;
  files: number;
};

/**
 * The buyer's acknowledgement, as paragraphs. It repeats nothing typed but the reference and the start of
 * the name, so the form cannot be used to send words of someone's choosing to a stranger's address.
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
    greeting: `Dear ${greetingName(facts.customerName) ?? "customer"},`,
    paragraphs: [
      `Thank you for your quote request. Your reference is ${facts.reference}.`,
      `We received ${partsAndFiles(facts.partsLines, facts.files)}.`,
      ...next,
      "To add to your request (more parts, a photo or a drawing), reply to this e-mail and keep the reference in the subject.",
    ],
    signOff: [`${site.name} sales team`, site.phoneDisplay, site.email],
  };
}
