// A real, playable mp3 made in code: an ID3v2.3 tag (title, artist, album) and a few seconds of MPEG-1 Layer III
// silence. Each frame is the header FF FB 90 64 (MPEG-1, Layer III, no CRC, 128 kbps, 44.1 kHz, no padding,
// joint stereo) followed by zeros: zero side information means no coded data, which decoders play as silence.

export const FRAME_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
/** 144 x 128000 / 44100, rounded down (no padding byte) */
export const FRAME_LENGTH = 417;
/** samples per MPEG-1 Layer III frame, at 44.1 kHz */
const SAMPLES_PER_FRAME = 1152;
const SAMPLE_RATE = 44_100;

export interface Mp3Tags {
  title: string;
  artist: string;
  album?: string | null;
}

/** A 7-bit-per-byte ("syncsafe") 28-bit integer, as ID3v2 sizes are written. */
function syncsafe(n: number): Buffer {
  return Buffer.from([(n >>> 21) & 0x7f, (n >>> 14) & 0x7f, (n >>> 7) & 0x7f, n & 0x7f]);
}

/** An ID3v2.3 text frame in UTF-16 with a byte-order mark (encoding 1), readable by every tagger. */
function textFrame(id: string, text: string): Buffer {
  const data = Buffer.concat([Buffer.from([0x01, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(data.length, 4);
  return Buffer.concat([header, data]);
}

export function id3Tag(tags: Mp3Tags): Buffer {
  const frames = Buffer.concat([
    textFrame('TIT2', tags.title.slice(0, 200)),
    textFrame('TPE1', tags.artist.slice(0, 200)),
    ...(tags.album ? [textFrame('TALB', tags.album.slice(0, 200))] : []),
  ]);
  return Buffer.concat([Buffer.from('ID3\x03\x00\x00', 'latin1'), syncsafe(frames.length), frames]);
}

/** Frames for about `seconds` of audio. */
export function frameCount(seconds: number): number {
  return Math.max(1, Math.round((seconds * SAMPLE_RATE) / SAMPLES_PER_FRAME));
}

/** The mp3 of a song: its tag, then about `seconds` of silence. */
export function silentMp3(tags: Mp3Tags, seconds = 3): Buffer {
  const frame = Buffer.alloc(FRAME_LENGTH);
  FRAME_HEADER.copy(frame, 0);
  const count = frameCount(seconds);
  const audio = Buffer.alloc(FRAME_LENGTH * count);
  for (let i = 0; i < count; i++) frame.copy(audio, i * FRAME_LENGTH);
  return Buffer.concat([id3Tag(tags), audio]);
}
