/** The form field that carries files, shared by the picker and the server. */
export const attachmentField = "attachments";

/** What the form accepts as attachments; the browser checks these at once, the server regardless. */
export const attachmentRules = {
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 25 * 1024 * 1024,
  /** What the file picker offers. HEIC is left out so that iPhones hand over a JPEG. */
  accept: "image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf,.heic,.heif",
  types: ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif", "application/pdf"],
  extensions: /\.(jpe?g|png|webp|heic|heif|pdf)$/i,
} as const;

/**
 * A sent file name made fit to show: no folders, control or direction characters, not too long. Half a
 * character (a name cut short by a mail parser) goes too: the database refuses it in a list of names.
 */
export function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|\s+$/g, "");
  const chars = Array.from(clean);
  if (chars.length === 0) return "attachment";
  if (chars.length <= 120) return clean;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(clean)?.[0] ?? "";
  return chars.slice(0, 120 - extension.length).join("") + extension;
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / 1024 / 1024;
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}
