import { parse, type SubmissionResult } from "@conform-to/react";
import type * as z from "zod/mini";
import { plainLineEnds } from "#app/lib/text.ts";

/**
 * What a post to any form of the site may carry. The longest list a schema allows is 50 (the parts list;
 * 5 files), the quote form with every line filled sends about 160 fields, and no field name is deeper than
 * `lines[49].quantity`: anything beyond is made by hand and refused before a value is built from it.
 */
export const formBounds = {
  listIndex: 100,
  fields: 500,
  nameLength: 100,
  depth: 4,
  /** An add, remove or move button's intent is a short JSON object; nothing else travels as one. */
  intentLength: 500,
  /** Characters of the sent values a reply repeats back (as JSON): every field of a full quote form fits. */
  echo: 32_000,
} as const;

/** The intents of the list buttons, which work without scripts; the others never leave the browser. */
const postedIntents = ["insert", "remove", "reorder"];

/** A post no form of the site sends: too many fields, a list index or a name out of bounds, a made-up intent. */
export class UnreadableFormError extends Error {
  override name = "UnreadableFormError";
  constructor() {
    super("We could not read that form. Please reload the page and try again.");
  }
}

const intentField = "__intent__";

type Segment = string | number;
type Node = { _zod: { def: unknown } };
type Def = { type: string; shape?: Record<string, Node>; element?: Node; innerType?: Node; in?: Node };

/** Conform's names for nested fields: lines[0].part. */
const fieldName = (path: PropertyKey[]) =>
  path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    "",
  );

/** The segments of a field name as Conform reads them, or undefined for a name it would not. */
function segmentsOf(name: string): Segment[] | undefined {
  const segments: Segment[] = [];
  const token = /\.?([^.[\]]+)|\[(\d+)\]/y;
  while (token.lastIndex < name.length) {
    const match = token.exec(name);
    if (!match) return undefined;
    segments.push(match[2] === undefined ? (match[1] as string) : Number(match[2]));
  }
  return segments.length > 0 && typeof segments[0] === "string" ? segments : undefined;
}

function checkBounds(name: string, segments: Segment[] | undefined) {
  if (name.length > formBounds.nameLength || (segments?.length ?? 0) > formBounds.depth)
    throw new UnreadableFormError();
  if (segments?.some((segment) => typeof segment === "number" && segment > formBounds.listIndex)) {
    throw new UnreadableFormError();
  }
}

/** Whether the schema has a place for a value at this path (so nothing it does not know is built or echoed). */
function fits(schema: Node, path: Segment[]): boolean {
  const def = schema._zod.def as Def;
  if (def.innerType) return fits(def.innerType, path);
  if (def.type === "pipe" && def.in) return fits(def.in, path);
  if (path.length === 0) return true;
  const [head, ...rest] = path;
  if (def.type === "object" && typeof head === "string")
    return Object.hasOwn(def.shape ?? {}, head) && fits(def.shape?.[head] as Node, rest);
  if (def.type === "array" && typeof head === "number" && def.element) return fits(def.element, rest);
  return false;
}

/** A list's indexes in the order sent, renumbered from 0: `lines[7]` alone is the list's first line. */
function compactor(paths: Segment[][]) {
  const lists = new Map<string, Map<number, number>>();
  for (const path of paths) {
    path.forEach((segment, i) => {
      if (typeof segment !== "number") return;
      const list = fieldName(path.slice(0, i));
      const seen = lists.get(list) ?? new Map<number, number>();
      lists.set(list, seen);
      if (!seen.has(segment)) seen.set(segment, seen.size);
    });
  }
  const renumber = (list: Segment[], index: number) => lists.get(fieldName(list))?.get(index) ?? index;
  return {
    name: (path: Segment[]) =>
      fieldName(
        path.map((segment, i) => (typeof segment === "number" ? renumber(path.slice(0, i), segment) : segment)),
      ),
    renumber,
  };
}

type Intent = { type: string; payload: { name?: unknown; index?: unknown; from?: unknown; to?: unknown } };

/** A list button's intent, held to the same bounds and renumbered like the fields it names. */
function readIntent(value: FormDataEntryValue, schema: Node, compact: ReturnType<typeof compactor>, sent: boolean) {
  let intent: Intent;
  try {
    if (typeof value !== "string" || (sent && value.length > formBounds.intentLength)) throw new UnreadableFormError();
    intent = JSON.parse(value);
  } catch {
    throw new UnreadableFormError();
  }
  const name = typeof intent?.payload?.name === "string" ? intent.payload.name : "";
  const path = segmentsOf(name);
  checkBounds(name, path);
  if (typeof intent.type !== "string" || !path || !fits(schema, path)) throw new UnreadableFormError();
  if (sent && !postedIntents.includes(intent.type)) throw new UnreadableFormError();
  const payload: Record<string, unknown> = { ...intent.payload, name: compact.name(path) };
  for (const key of ["index", "from", "to"] as const) {
    const index = intent.payload[key];
    if (index === undefined) continue;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index > formBounds.listIndex) {
      throw new UnreadableFormError();
    }
    payload[key] = compact.renumber(path, index);
  }
  return JSON.stringify({ ...intent, payload });
}

/**
 * The fields of a post that the schema has a place for, bounds checked before anything is built from them
 * and lists renumbered from 0. Line ends are read as LF: a browser sends a text box's line breaks as CRLF but
 * counts each as one character against the box's maxlength, so text that fitted the box fits the schema too.
 * Throws UnreadableFormError for a post no form of the site sends.
 */
function knownFields(formData: FormData | URLSearchParams, schema: Node, sent: boolean) {
  const entries = [...formData];
  if (entries.length > formBounds.fields) throw new UnreadableFormError();
  const fields: [Segment[], FormDataEntryValue][] = [];
  let intent: FormDataEntryValue | undefined;
  for (const [name, value] of entries) {
    if (name === intentField) {
      intent = value;
      continue;
    }
    const path = segmentsOf(name);
    checkBounds(name, path);
    if (path && fits(schema, path)) fields.push([path, value]);
  }
  const compact = compactor(fields.map(([path]) => path));
  const known = new FormData();
  for (const [path, value] of fields)
    known.append(compact.name(path), typeof value === "string" ? plainLineEnds(value) : value);
  if (intent !== undefined) known.append(intentField, readIntent(intent, schema, compact, sent));
  return known;
}

/** What a reply repeats of the sent values: each in turn while the whole stays small, the rest left out. */
function withinEcho(value: unknown, budget: { left: number }): unknown {
  if (Array.isArray(value)) return value.map((item) => withinEcho(item, budget));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withinEcho(item, budget)]));
  }
  const size = JSON.stringify(value ?? null).length;
  if (size > budget.left) return undefined;
  budget.left -= size;
  return value;
}

function readForm<Schema extends z.ZodMiniObject>(formData: FormData | URLSearchParams, schema: Schema, sent: boolean) {
  return parse<z.output<Schema>, string[]>(knownFields(formData, schema, sent), {
    resolve(payload) {
      const present = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== ""));
      const result = schema.safeParse(present);
      if (result.success) return { value: result.data as z.output<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = fieldName(issue.path);
        error[name] = [...(error[name] ?? []), issue.message];
      }
      return { error };
    },
  });
}

/**
 * Reads a form submission with a shared schema, as the browser checks it before sending.
 * Empty fields count as not sent. (Conform's zod adapter would bring the whole of zod to the browser.)
 * Only fields the schema has a place for are read; a post no form of ours makes throws UnreadableFormError.
 */
export function parseForm<Schema extends z.ZodMiniObject>(formData: FormData | URLSearchParams, schema: Schema) {
  return readForm(formData, schema, false);
}

/**
 * Reads a posted form on the server, the same way, with what only a hand-made post carries refused
 * (intents other than the list buttons'), and a reply that repeats a bounded amount of what was sent, so a
 * refusal stays small whatever was posted.
 */
export function parseSentForm<Schema extends z.ZodMiniObject>(formData: FormData | URLSearchParams, schema: Schema) {
  const submission = readForm(formData, schema, true);
  const reply = submission.reply;
  submission.reply = (options) => {
    const result = reply(options);
    if (!result.initialValue) return result;
    const initialValue = withinEcho(result.initialValue, { left: formBounds.echo });
    return { ...result, initialValue } as SubmissionResult<string[]>;
  };
  return submission;
}

/** The same rule for what leaves the browser: fields left empty are not sent. */
export function dropEmptyFields(formData: FormData) {
  for (const [name, value] of [...formData]) if (value === "") formData.delete(name);
  return formData;
}

/** Which fields the browser must insist on before scripts load (the required attribute). */
export function requiredFields(schema: z.ZodMiniObject) {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      { required: field._zod.optin !== "optional" && field._zod.def.type !== "default" },
    ]),
  );
}

/**
 * The first field a refused post names, in the form's order, then any other `andThen` accepts (a parts line):
 * where the page takes the focus.
 */
export function firstProblem(
  result: SubmissionResult<string[]> | undefined,
  order: readonly string[],
  andThen: (name: string) => boolean = () => false,
) {
  const errors = result?.error ?? {};
  const named = Object.keys(errors).filter((name) => errors[name]?.length);
  return order.find((name) => named.includes(name)) ?? named.find(andThen);
}
