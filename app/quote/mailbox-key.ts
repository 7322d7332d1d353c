/** Providers that deliver every dotted spelling of an address to one mailbox, under the name they file it as. */
const dotlessDomains: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address delivers to, for counting what we send there: case does not matter, a `+tag`
 * reaches the same mailbox everywhere it is understood (and costs nothing to assume elsewhere), and Gmail
 * ignores dots in the name and takes googlemail.com as gmail.com.
 */
export function mailboxKey(email: string) {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  const local = address.slice(0, at).replace(/\+.*$/, "") || address.slice(0, at);
  const dotless = dotlessDomains[domain];
  return dotless ? `${local.replaceAll(".", "")}@${dotless}` : `${local}@${domain}`;
}
