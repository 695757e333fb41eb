import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A one-second test clip (colour bars and a 440 Hz tone), made by the test with ffmpeg. */
export async function makeClip(): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'trawl-clip-'));
  try {
    const file = join(directory, 'clip.mp4');
    await promisify(execFile)('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-shortest'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A page with the clip in a `<video>`, for yt-dlp's generic extractor. */
export const CLIP_PAGE = Buffer.from(
  '<html><head><title>Harbour at dusk</title></head><body><main><h1>Harbour at dusk</h1><video controls src="/media/clip.mp4"></video></main></body></html>',
);
