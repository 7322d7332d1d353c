import { data } from "react-router";
import type * as z from "zod/mini";
import { parseSentForm, UnreadableFormError } from "#app/lib/parse-form.ts";
import { plainLineEnds } from "#app/lib/text.ts";

const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A desk form post: 415 for anything but a form, 400 for an unreadable one. Line ends are read as LF: a
 * browser sends a text box's line breaks as CRLF but counts each as one character against its maxlength, so
 * a note or a reply that fitted its box fits the limit checked here too.
 */
export async function readFormData(request: Request) {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!formTypes.includes(type)) throw data("415: Please use the desk's forms.", { status: 415 });
  let posted: FormData;
  try {
    posted = await request.formData();
  } catch {
    throw data("400: That form could not be read. Please reload the page and try again.", { status: 400 });
  }
  const formData = new FormData();
  for (const [name, value] of posted) formData.append(name, typeof value === "string" ? plainLineEnds(value) : value);
  return formData;
}

/** A desk form post read with its shared schema; a post none of the desk's forms makes gets a short 400. */
export async function readForm<Schema extends z.ZodMiniObject>(request: Request, schema: Schema) {
  const formData = await readFormData(request);
  try {
    return { formData, submission: parseSentForm(formData, schema) };
  } catch (error) {
    if (!(error instanceof UnreadableFormError)) throw error;
    throw data(`400: ${error.message}`, { status: 400 });
  }
}

/** Field messages with 422; passwords are never sent back. */
export function invalid(submission: ReturnType<typeof parseSentForm>, formErrors?: string[], status = 422) {
  return data(
    { result: submission.reply({ hideFields: ["password", "confirm"], ...(formErrors ? { formErrors } : {}) }) },
    { status },
  );
}
