import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type Mail from "nodemailer/lib/mailer/index.js";

/** An e-mail as the buyer's mail program sends it, as raw MIME. */
export function buyerMail(options: Mail.Options & { inReplyTo?: string }): Promise<Buffer> {
  return new MailComposer({
    from: "Dana Fitter <dana@works.example>",
    to: "sales@example.test",
    date: new Date(),
    ...options,
  })
    .compile()
    .build();
}
