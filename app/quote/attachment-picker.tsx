import { FileText, Paperclip, X } from "lucide-react";
import { type ChangeEvent, type DragEvent, type ReactNode, startTransition, useEffect, useRef, useState } from "react";
import { button } from "#app/components/button.ts";
import { attachmentField, attachmentRules, formatBytes } from "#app/quote/attachments.ts";

/** A chosen file, with its preview for images and how much of it has been sent. */
export type PickedFile = { id: string; file: File; preview?: string; progress: number };

const previewable = new Set(["image/jpeg", "image/png", "image/webp"]);

function refusal(file: File) {
  const typeOk =
    (attachmentRules.types as readonly string[]).includes(file.type) || attachmentRules.extensions.test(file.name);
  if (!typeOk) return `“${file.name}” is not a photo or a PDF. Attach JPEG, PNG, WebP or HEIC photos, or PDF drawings.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > attachmentRules.maxFileBytes) {
    return `“${file.name}” is ${formatBytes(file.size)}; each file can be up to ${formatBytes(attachmentRules.maxFileBytes)}.`;
  }
  return undefined;
}

/** Adds what fits the rules to the files already chosen; says why each of the others was left out. */
function pickFiles(current: PickedFile[], added: File[], preview: (file: File) => string | undefined) {
  const problems: string[] = [];
  const files = [...current];
  let total = files.reduce((sum, picked) => sum + picked.file.size, 0);
  for (const file of added) {
    const problem = refusal(file);
    if (problem) problems.push(problem);
    else if (files.length >= attachmentRules.maxFiles) {
      problems.push(`“${file.name}” was not added: attach up to ${attachmentRules.maxFiles} files.`);
    } else if (total + file.size > attachmentRules.maxTotalBytes) {
      problems.push(
        `“${file.name}” was not added: attached files can be up to ${formatBytes(attachmentRules.maxTotalBytes)} in all.`,
      );
    } else {
      total += file.size;
      files.push({ id: crypto.randomUUID(), file, preview: preview(file), progress: 0 });
    }
  }
  return { files, problems };
}

/** The chosen files with a thumbnail (or a document icon), their size, their progress while sending, and Remove. */
function PickedFileList({
  files,
  disabled,
  onRemove,
}: {
  files: PickedFile[];
  disabled?: boolean;
  onRemove: (id: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-3 grid gap-2" aria-label="Attached files">
      {files.map((picked) => (
        <li key={picked.id} className="flex min-w-0 items-center gap-3 rounded-md border border-slate-200 p-2">
          {picked.preview ? (
            <img src={picked.preview} alt="" className="size-12 shrink-0 rounded object-cover" />
          ) : (
            <FileText aria-hidden="true" className="size-12 shrink-0 p-2 text-slate-600" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-900">{picked.file.name}</p>
            <p className="text-sm text-slate-600">{formatBytes(picked.file.size)}</p>
            {disabled ? (
              <progress
                max={100}
                value={Math.round(picked.progress * 100)}
                aria-label={`Sending ${picked.file.name}`}
                className="mt-1 h-2 w-full"
              />
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => onRemove(picked.id)}
            disabled={disabled}
            className={button({ variant: "secondary", className: "shrink-0 px-3" })}
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Remove {picked.file.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Thumbnails of chosen photos, released when the form goes; `live` once scripts run (until then the input posts). */
function usePreviews() {
  const [live, setLive] = useState(false);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    startTransition(() => setLive(true));
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);
  const preview = (file: File) => {
    const url = previewable.has(file.type) ? URL.createObjectURL(file) : undefined;
    if (url) previews.current.add(url);
    return url;
  };
  return { live, preview };
}

/** Takes files dropped on it, and shows when files are held over it. */
function DropArea({ onDrop, children }: { onDrop: (files: FileList) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop area only adds to the labelled file input inside it
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        onDrop(event.dataTransfer.files);
      }}
      className={`mt-1.5 rounded-md border-2 border-dashed p-4 ${dragging ? "border-signal bg-orange-50" : "border-slate-400 bg-white"}`}
    >
      {children}
    </div>
  );
}

/**
 * Photos and drawings: a file picker that also takes files dropped on it. Without scripts it is a plain
 * file input in the form; with them each file is listed with its size, a thumbnail and its progress,
 * and a wrong type or size is refused at once.
 */
export function AttachmentPicker({
  files,
  onChange,
  disabled,
}: {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const { live, preview } = usePreviews();

  function add(list: FileList | null) {
    if (!list) return;
    const picked = pickFiles(files, Array.from(list), preview);
    setProblems(picked.problems);
    onChange(picked.files);
  }

  /** The list holds the files; the input is free for the next pick. */
  function takeFrom(input: HTMLInputElement) {
    add(input.files);
    input.value = "";
  }

  // A file chosen before the script started sits in the input, which stops posting once the list takes over:
  // the list takes it too, so it is neither lost nor sent twice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, in the render where the list takes over
  useEffect(() => {
    if (live && inputRef.current?.files?.length) takeFrom(inputRef.current);
  }, [live]);

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    takeFrom(event.target);
  }

  function remove(id: string) {
    const gone = files.find((picked) => picked.id === id);
    if (gone?.preview) URL.revokeObjectURL(gone.preview);
    onChange(files.filter((picked) => picked.id !== id));
    inputRef.current?.focus();
  }

  const hintId = "quote-attachments-hint";
  const problemId = "quote-attachments-problems";
  return (
    <div className="min-w-0 sm:col-span-2">
      <label htmlFor="quote-attachments" className="block font-semibold text-navy">
        Photos or drawings <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-slate-600">
        A photo of the part or its nameplate, or a PDF drawing: up to {attachmentRules.maxFiles} files,{" "}
        {formatBytes(attachmentRules.maxFileBytes)} each.
      </p>
      <DropArea onDrop={(dropped) => !disabled && add(dropped)}>
        <div className="flex flex-wrap items-center gap-3">
          <Paperclip aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
          <input
            ref={inputRef}
            id="quote-attachments"
            type="file"
            name={live ? undefined : attachmentField}
            multiple
            accept={attachmentRules.accept}
            disabled={disabled}
            onChange={onInput}
            aria-describedby={problems.length ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problems.length ? true : undefined}
            className="block min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-navy file:bg-white file:px-3 file:py-2 file:font-semibold file:text-navy"
          />
          {live ? <span className="text-sm text-slate-600">or drop files here</span> : null}
        </div>
      </DropArea>
      <div id={problemId} role="alert" className="text-sm font-semibold text-red-700 not-empty:mt-1.5">
        {problems.map((problem) => (
          <p key={problem}>{problem}</p>
        ))}
      </div>
      <PickedFileList files={files} disabled={disabled} onRemove={remove} />
    </div>
  );
}
