import { attachments } from "#db/schema.ts";

/** What the desk shows of a request's file: its name, type and size, and the e-mail it came with, if any. */
export const requestFileColumns = {
  id: attachments.id,
  fileName: attachments.fileName,
  contentType: attachments.contentType,
  size: attachments.size,
  messageId: attachments.messageId,
};
