import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { HttpProxy } from '#browser';
import type { PrivateAddressAllowance } from '#config';
import { startGuardedProxy } from './guarded-proxy.js';
import { MediaError } from './media-error.js';

const run = promisify(execFile);

export type MediaKind = 'audio' | 'video';

/** Larger files are refused by yt-dlp before they are written. */
const MAX_MEDIA = '200M';

let toolsChecked: Promise<void> | undefined;

/** yt-dlp finds and downloads the media, ffmpeg converts and merges it: Debian packages the setup installs. */
function assertMediaTools(): Promise<void> {
  toolsChecked ??= (async () => {
    const missing: string[] = [];
    await run('yt-dlp', ['--version']).catch(() => missing.push('yt-dlp'));
    await run('ffmpeg', ['-version']).catch(() => missing.push('ffmpeg'));
    if (missing.length > 0) {
      throw new MediaError(
        'FEATURE_NOT_AVAILABLE',
        `audio and video formats need ${missing.join(' and ')} on this server (Debian packages of the same name)`,
      );
    }
  })();
  toolsChecked.catch(() => {
    toolsChecked = undefined;
  });
  return toolsChecked;
}

/**
 * The page's audio (MP3) or video (best quality, merged) through yt-dlp, whose every request
 * goes through the SSRF-guarded proxy (and on through the operator's proxy that fetched the page). Killed when `timeoutMs` runs out.
 */
export async function downloadMedia(
  url: string,
  kind: MediaKind,
  options: { timeoutMs: number; allowedPrivateAddresses: PrivateAddressAllowance; proxy?: HttpProxy },
): Promise<{ bytes: Buffer; extension: string }> {
  await assertMediaTools();
  const proxy = await startGuardedProxy({
    allowedPrivateAddresses: options.allowedPrivateAddresses,
    upstream: options.proxy,
  });
  const directory = await mkdtemp(join(tmpdir(), 'trawl-media-'));
  try {
    const format = kind === 'audio' ? ['-f', 'ba/b', '-x', '--audio-format', 'mp3'] : ['-f', 'bv*+ba/b'];
    try {
      await run(
        'yt-dlp',
        [
          '--ignore-config',
          '--no-playlist',
          '--no-progress',
          '--no-warnings',
          '--no-cache-dir',
          '--proxy',
          proxy.url,
          '--max-filesize',
          MAX_MEDIA,
          '--socket-timeout',
          '15',
          ...format,
          '-o',
          join(directory, 'media.%(ext)s'),
          '--',
          url,
        ],
        { timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 8 * 1024 * 1024 },
      );
    } catch (error) {
      throw explain(error as Error & { killed?: boolean; stderr?: string }, url, proxy.blockedHosts);
    }
    const files = (await readdir(directory)).filter(
      (name) => name.startsWith('media.') && !name.endsWith('.part'),
    );
    const file = kind === 'audio' ? files.find((name) => name.endsWith('.mp3')) : files[0];
    if (!file) throw new MediaError('SCRAPE_MEDIA_FAILED', `yt-dlp produced no ${kind} file for ${url}`);
    return { bytes: await readFile(join(directory, file)), extension: file.split('.').pop() ?? 'bin' };
  } finally {
    await proxy.close();
    await rm(directory, { recursive: true, force: true });
  }
}

function explain(
  error: Error & { killed?: boolean; stderr?: string },
  url: string,
  blockedHosts: readonly string[],
): MediaError {
  if (blockedHosts.length > 0) {
    return new MediaError(
      'SCRAPE_SSRF_BLOCKED',
      `${url} led to ${blockedHosts[0]}, a private or reserved address that scrapes may not reach`,
    );
  }
  if (error.killed) return new MediaError('SCRAPE_TIMEOUT', `Downloading the media of ${url} timed out`);
  const stderr = error.stderr ?? '';
  if (
    /Unsupported URL|No video formats found|no suitable formats|Requested format is not available/i.test(
      stderr,
    )
  ) {
    return new MediaError(
      'SCRAPE_MEDIA_UNSUPPORTED',
      `No audio or video that yt-dlp can download was found at ${url}`,
    );
  }
  const last = stderr.trim().split('\n').filter(Boolean).at(-1) ?? error.message;
  return new MediaError('SCRAPE_MEDIA_FAILED', `yt-dlp could not download the media of ${url}: ${last}`);
}
