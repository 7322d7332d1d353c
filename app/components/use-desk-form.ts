import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import type * as z from "zod/mini";
import { parseForm, requiredFields } from "#app/lib/parse-form.ts";

/** Conform with the desk's shared schema: checked in the browser on blur, and again by the action. */
export function useDeskForm<Schema extends z.ZodMiniObject>(
  id: string,
  schema: Schema,
  lastResult?: SubmissionResult<string[]>,
  defaultValue?: DefaultValue<z.infer<Schema>>,
) {
  return useForm({
    id,
    lastResult,
    // What a reset (after a success) returns the fields to.
    defaultValue,
    constraint: requiredFields(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
}
