import type { Ask } from '../../shared/boot/boot';

/**
 * askEarly's `ask` for answers route.js reads itself (the app's token exchanged, a first view's data): an
 * XMLHttpRequest, whose body is there in its load event, which runs between the parser's slices, where a fetch's body
 * waits for the parse and the module scripts (docs/bench.md). The API client takes a Response made from it. (On the
 * page's own host it sends cookies, which the API does not use.)
 */
export const askReading: Ask = (url, auth) => {
  const request = new XMLHttpRequest();
  const answer = new Promise<Response>((resolve, reject) => {
    request.onload = () => {
      const { status, statusText, responseText } = request;
      // The early answers are JSON: of the headers, the client reads only a download's, never asked early.
      const type = request.getResponseHeader('Content-Type');
      try {
        const body = [204, 205, 304].includes(status) ? null : responseText;
        resolve(new Response(body, { status, statusText, headers: type ? { 'Content-Type': type } : {} }));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = request.onabort = request.ontimeout = () => reject(new TypeError(`Failed to fetch ${url}`));
  });
  request.open('GET', url);
  if (auth) request.setRequestHeader('Authorization', auth);
  request.send();
  return { answer, text: () => request.responseText };
};
