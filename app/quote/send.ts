/** Where the form posts when it carries files: the same action, answering JSON. */
export const QUOTE_SEND_PATH = "/quote/send";

/**
 * Posts the form with XMLHttpRequest, the one way a browser reports upload progress. Resolves with the
 * action's answer, or a network failure reply when the connection drops.
 */
export function sendWithProgress(body: FormData, onProgress: (loaded: number) => void) {
  return new Promise<unknown>((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", QUOTE_SEND_PATH);
    request.responseType = "json";
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      const answer = request.response as { ok?: unknown } | null;
      if (answer && typeof answer.ok === "boolean") resolve(answer);
      else if (request.status === 413) {
        resolve({
          ok: false,
          kind: "rejected",
          message: "The files are too large. Attached files can be up to 25 MB in all.",
        });
      } else resolve({ ok: false, kind: "network" });
    };
    request.onerror = () => resolve({ ok: false, kind: "network" });
    request.send(body);
  });
}
