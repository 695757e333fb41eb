/**
 * What each served file is, by its extension: its content type, the object store bucket that
 * holds it and how long its URL (and the blob) lives — screenshots and PDFs 24 h, audio and
 * video 1 h.
 */
export interface FileKind {
  contentType: string;
  store: 'files' | 'media';
  ttlMs: number;
}

const HOUR_MS = 3600 * 1000;
const DOCUMENT = (contentType: string): FileKind => ({ contentType, store: 'files', ttlMs: 24 * HOUR_MS });
const MEDIA = (contentType: string): FileKind => ({ contentType, store: 'media', ttlMs: HOUR_MS });

const KINDS: Record<string, FileKind> = {
  png: DOCUMENT('image/png'),
  jpg: DOCUMENT('image/jpeg'),
  pdf: DOCUMENT('application/pdf'),
  mp3: MEDIA('audio/mpeg'),
  m4a: MEDIA('audio/mp4'),
  wav: MEDIA('audio/wav'),
  ogg: MEDIA('audio/ogg'),
  mp4: MEDIA('video/mp4'),
  webm: MEDIA('video/webm'),
  mkv: MEDIA('video/x-matroska'),
};

export function fileKind(name: string): FileKind {
  return KINDS[name.split('.').pop()?.toLowerCase() ?? ''] ?? DOCUMENT('application/octet-stream');
}
