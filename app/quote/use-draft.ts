import type { FormMetadata } from "@conform-to/react";
import { useEffect } from "react";
import { quoteFieldsSchema } from "#app/quote/schema.ts";

/**
 * What the buyer typed, kept in this tab until it is sent: a look at another page of the site and Back bring
 * it back (with scripts, the form is drawn anew each time the home page is). Files cannot be kept; the spam
 * guards (token, time shown) are the page's own, never a draft's.
 */
const draftKey = "quote-draft";
const draftFields = [...Object.keys(quoteFieldsSchema.shape), "lines"];

type DraftForm = Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "value" | "update">;

function readDraft(): Record<string, unknown> | undefined {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(draftKey) ?? "null");
    return saved && typeof saved === "object" ? (saved as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function forgetDraft() {
  try {
    sessionStorage.removeItem(draftKey);
  } catch {}
}

/** Whether the field holds what the buyer typed (before the page's script started), which a draft never replaces. */
function typedIn(form: HTMLFormElement, sent: [string, FormDataEntryValue][], name: string) {
  if (name === "lines") return sent.some(([key, value]) => /^lines\[\d+\]\.part$/.test(key) && String(value).trim());
  const select = form.elements.namedItem(name);
  if (select instanceof HTMLSelectElement) return select.value !== select.options[0]?.value;
  return sent.some(([key, value]) => key === name && String(value).trim());
}

/** Restores the draft once, before a prefill from the address (which then wins), and keeps it as typed. */
export function useDraft(form: DraftForm) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first comes alive
  useEffect(() => {
    const draft = readDraft();
    if (!draft) return;
    const element = document.getElementById(form.id) as HTMLFormElement | null;
    // Read once, before the draft fills anything in.
    const sent = element ? [...new FormData(element)] : [];
    for (const name of draftFields) {
      const typed = element !== null && typedIn(element, sent, name);
      if (draft[name] !== undefined && !typed) form.update({ name, value: draft[name] as never });
    }
  }, []);
  useEffect(() => {
    if (!form.value) return;
    const kept = Object.fromEntries(draftFields.map((name) => [name, form.value?.[name]]));
    try {
      sessionStorage.setItem(draftKey, JSON.stringify(kept));
    } catch {}
  }, [form.value]);
}
