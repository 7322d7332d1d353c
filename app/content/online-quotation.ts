/** The words of a quotation's page online (/q/<token>), its forms and the e-mails its answers send. */

/** The line the quotation's e-mail ends with. */
export const onlineLinkLine = (link: string) => `View and accept this quotation online: ${link}`;

/** Why a buyer declines, in their words; each is also the request's lost reason. */
export const declineReasonLabels = {
  price: "Price",
  lead_time: "Lead time",
  bought_elsewhere: "Bought elsewhere",
  not_needed: "No longer needed",
  other: "Other (please say)",
} as const;

export const onlineQuotationText = {
  intro: "Check the lines below, download the PDF, and accept it with your order number or tell us it is not for you.",
  downloadPdf: "Download the PDF",
  acceptHeading: "Accept this quotation",
  acceptHint: "We confirm your order by e-mail once we have checked stock and delivery.",
  declineHeading: "Not for you?",
  declineHint: "Tell us why, so we can do better next time.",
  accepted: (po: string | null) =>
    `Thank you: you accepted this quotation${po ? ` with PO ${po}` : " (PO to follow)"}. We have e-mailed you a confirmation, and a member of our team will confirm your order.`,
  confirmed: (po: string | null) =>
    `Thank you: your order against this quotation${po ? ` (PO ${po})` : ""} is confirmed. Reply to our e-mail or call us if you need anything.`,
  declined: "You declined this quotation. Thank you for telling us; we have let the team know.",
  expired: (day: string) =>
    `This quotation expired on ${day}, so it can no longer be accepted here. Reply to our e-mail or call us for a new one.`,
  superseded: (newer: string) =>
    `A newer revision, ${newer}, was sent to you by e-mail. Open the link in that e-mail to accept it.`,
  closed: "This quotation can no longer be answered here. Reply to our e-mail or call us if you need anything.",
  /** Under the 404 page's own words, for a link to a quotation that does not open (cut short, mistyped, withdrawn). */
  linkNotFound: {
    lead: "Followed a link to a quotation? It may have been cut short on its way to you. Open it again from our e-mail, or reply to that e-mail,",
    call: "call us on",
    or: "or e-mail",
    end: "with the reference in its subject, and we will send it again.",
  },
  notRecorded:
    "What you just sent was not recorded: this quotation had already been answered, as above. To change the answer, reply to our e-mail or call us.",
};

/** What the buyer gets when they accept, and what the owner gets when the buyer answers. */
export const onlineAnswerMail = {
  confirmationSubject: (revision: string) => `We have your acceptance of quotation ${revision}`,
  confirmationBody: (input: { name: string; revision: string; po: string | null }) =>
    [
      `Dear ${input.name},`,
      "",
      `Thank you for accepting quotation ${input.revision}${input.po ? ` with your order number ${input.po}` : "; your order number is to follow"}.`,
      "A member of our team will check it and confirm your order.",
      "",
      "Kind regards,",
    ].join("\n"),
  acceptedSubject: (revision: string, po: string | null) =>
    `Accepted online: ${revision} (${po ? `PO ${po}` : "PO to follow"})`,
  declinedSubject: (revision: string) => `Declined online: ${revision}`,
  orderSubject: (revision: string, po: string | null) =>
    `Order confirmed: ${po ? `your PO ${po}, ` : ""}quotation ${revision}`,
  orderBody: (input: {
    name: string;
    revision: string;
    po: string | null;
    value: string;
    deliveryTerms?: string | null;
    deliveryAddress?: string | null;
  }) =>
    [
      `Dear ${input.name},`,
      "",
      `Thank you for your order. We confirm it against quotation ${input.revision}${input.po ? `, with your order number ${input.po}` : ""}, for ${input.value} plus VAT.`,
      "",
      ...(input.deliveryTerms ? [`Delivery: ${input.deliveryTerms}`] : []),
      // An address of several lines starts on a line of its own.
      ...(input.deliveryAddress
        ? [`Delivery address:${input.deliveryAddress.includes("\n") ? "\n" : " "}${input.deliveryAddress}`]
        : []),
      ...(input.deliveryTerms || input.deliveryAddress ? [""] : []),
      "If anything is not as you expect, simply reply to this e-mail.",
      "",
      "Kind regards,",
    ].join("\n"),
};
