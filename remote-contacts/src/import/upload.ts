/** How much of an upload has gone: the share of the body sent, from 0 to 1. */
export type UploadProgress = (sent: number) => void;

/** Statuses whose answer has no body (a Response with one would throw). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** The answer's headers from XMLHttpRequest's `getAllResponseHeaders()` text. */
function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` for ky's `fetch` option that sends the request through XMLHttpRequest, whose upload events tell how
 * much of the body has gone, so a large import file shows its progress. The request still goes through the
 * shared client (its token, tenant and 401 hooks, its errors). ky's own `onUploadProgress` sends the body as a
 * stream, which Chromium sends only over HTTP/2 (shared/src/api/client.ts has the story): over HTTP/1.1 every
 * upload would fail.
 *
 * A failure to reach the server rejects with fetch's own TypeError('Failed to fetch') (ky: NetworkError, the
 * 'no response' text); an abort (ky's timeout, the screen's signal) rejects with the signal's reason.
 */
export function fetchWithUploadProgress(onProgress: UploadProgress): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body === null ? null : await request.arrayBuffer();
    return new Promise<Response>((resolve, reject) => {
      const { signal } = request;
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const xhr = new XMLHttpRequest();
      const abort = () => {
        xhr.abort();
        reject(signal.reason);
      };
      signal.addEventListener('abort', abort, { once: true });
      xhr.open(request.method, request.url);
      xhr.responseType = 'arraybuffer';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.upload.onload = () => onProgress(1);
      xhr.onload = () => {
        signal.removeEventListener('abort', abort);
        const answer = NO_BODY.has(xhr.status) ? null : (xhr.response as ArrayBuffer | null);
        resolve(new Response(answer, { status: xhr.status, statusText: xhr.statusText, headers: responseHeaders(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = () => {
        signal.removeEventListener('abort', abort);
        reject(new TypeError('Failed to fetch'));
      };
      xhr.send(body);
    });
  };
}
