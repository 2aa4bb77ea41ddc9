// The encodings a text file may be sent with, as the server (core/static.ts) and the build (tools/compress.ts, which
// writes each file's copies beforehand) both understand them. Here, not in tools/: the build may use the server's
// rules, the server never the build's scripts.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings a built file may be sent with, in the order a server prefers them, and each copy's suffix. */
export const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
export type Encoding = keyof typeof ENCODINGS;

/** Below this size a compressed copy saves too little to be worth a header and a second file. */
export const MIN_BYTES = 512;

/** The bytes as one encoding sends them, at that encoding's highest setting. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 9 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
