/** The head script's way to ask early for an answer whose body it reads itself (askEarly's `ask`). */
import type { Ask } from '../../shared/boot/boot';

/**
 * Asks with an XMLHttpRequest, whose body is there in its own load event: the answer the API client takes is a
 * Response made from it, and the text the body is read from (bodyOf) is the request's. While the page is parsed, a
 * fetch's body (or a Response's made in memory) is read in tasks that wait for the parse and the module scripts; a
 * request's load event runs between two of the parser's slices, so its body is read sooner (how much: docs/bench.md).
 * Used where this script reads the body: the app's token exchanged, the data of a first view it draws. (Like a fetch
 * without credentials to another host; on the page's own host a request sends its cookies, which the API does not use.)
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
