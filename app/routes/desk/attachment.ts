import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import sharp from "sharp";
import { servicesContext } from "#app/lib/context.ts";
import { rowId } from "#app/lib/row-id.ts";
import { attachments } from "#db/schema.ts";
import type { Route } from "./+types/attachment";

const thumbnailWidth = 320;

/**
 * A request's photo or drawing, for signed-in staff only (the desk's session middleware has run). The
 * type is the one sniffed from the bytes at upload; PDFs always download, never open in the desk's origin.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = rowId(params.id);
  if (id === undefined) throw data("404: No such attachment.", { status: 404 });
  const { database, storage } = context.get(servicesContext);
  const [file] = await database.db.select().from(attachments).where(eq(attachments.id, id));
  const stream = file && (await storage.get(file.storageKey));
  if (!file || !stream) throw data("404: No such attachment.", { status: 404 });

  const image = file.contentType.startsWith("image/");
  // X-Content-Type-Options: nosniff comes with every response (server/middleware.ts).
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (image && new URL(request.url).searchParams.has("thumbnail")) {
    const thumbnail = stream.pipe(sharp().resize({ width: thumbnailWidth, withoutEnlargement: true }).webp());
    headers.set("Content-Type", "image/webp");
    return new Response(Readable.toWeb(thumbnail) as ReadableStream, { headers });
  }
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Length", String(file.size));
  const name = encodeURIComponent(file.fileName);
  headers.set("Content-Disposition", `${image ? "inline" : "attachment"}; filename*=UTF-8''${name}`);
  return new Response(Readable.toWeb(stream) as ReadableStream, { headers });
}
