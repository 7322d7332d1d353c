/** A count in words: "no files", "1 file", "3 files". */
export function count(n: number, one: string, many: string) {
  return n === 0 ? `no ${many}` : `${n} ${n === 1 ? one : many}`;
}

/** What a request carries besides its text: "10 parts lines, no files". */
export const partsAndFiles = (lines: number, files: number) =>
  `${count(lines, "parts line", "parts lines")}, ${count(files, "file", "files")}`;
