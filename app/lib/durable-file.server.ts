import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Makes a file's bytes and its name survive a power cut, not only a crash: its data is flushed (fsync),
 * then, once it has its final name, the directory entry is flushed too. Without both, the operating system
 * may keep an acknowledged file in memory for half a minute.
 */
async function sync(target: string) {
  const handle = await fs.open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes `file`, renames it to `destination` and flushes the destination's directory. */
export async function renameDurably(file: string, destination: string) {
  await sync(file);
  await fs.rename(file, destination);
  await sync(path.dirname(destination));
}

/** Copies across file systems (where a rename cannot go), flushed like renameDurably. */
export async function copyDurably(file: string, destination: string) {
  const temporary = `${destination}.copying`;
  await fs.copyFile(file, temporary);
  await renameDurably(temporary, destination);
}

/** Writes under a temporary name, then renames durably: readers never see half a file. */
export async function writeFileDurably(destination: string, data: Uint8Array, mode = 0o600) {
  const temporary = path.join(path.dirname(destination), `.${path.basename(destination)}.${randomUUID()}.tmp`);
  await fs.writeFile(temporary, data, { mode });
  await renameDurably(temporary, destination);
}
