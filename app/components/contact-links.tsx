import { mailtoHref, telHref } from "#app/content/site.ts";
import { useSite } from "#app/lib/root-data.ts";

const inTextClass = "font-semibold text-steel underline underline-offset-4";

/** The company's number as a link inside a sentence: never split between its digits. */
export function PhoneInText() {
  const site = useSite();
  return (
    <a href={telHref(site)} className={`${inTextClass} whitespace-nowrap`}>
      {site.phoneDisplay}
    </a>
  );
}

/**
 * The company's address as a link inside a sentence: on a narrow phone it moves whole to a line of its own rather
 * than break at its hyphen, and only an address longer than a line wraps, wherever it must.
 */
export function EmailInText() {
  const site = useSite();
  return (
    <a href={mailtoHref(site)} className={`${inTextClass} inline-block max-w-full wrap-anywhere`}>
      {site.email}
    </a>
  );
}
