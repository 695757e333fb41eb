/**
 * The live view page: polls the session's frames (a JPEG of the viewport, about four a second)
 * and, when interactive, sends the viewer's clicks (in the page's CSS pixels), keys and scrolling.
 * Self-contained (inline script and style), as its CSP allows nothing else.
 */
export function liveViewPage(urls: { frame: string; input?: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Trawl live view</title>
<style>
html,body{margin:0;height:100%;background:#111;color:#ddd;font:13px system-ui,sans-serif}
#bar{padding:4px 8px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#frame{display:block;max-width:100%;max-height:calc(100% - 24px);margin:0 auto;${urls.input ? 'cursor:pointer' : ''}}
</style></head>
<body><div id="bar">Connecting…</div><img id="frame" alt="The browser session's page">
<script>
const frameUrl = ${JSON.stringify(urls.frame)};
const inputUrl = ${JSON.stringify(urls.input ?? null)};
const img = document.getElementById('frame');
const bar = document.getElementById('bar');
async function next() {
  try {
    const response = await fetch(frameUrl, { cache: 'no-store' });
    if (response.status === 410 || response.status === 403) {
      bar.textContent = response.status === 410 ? 'The session has ended.' : 'This link is no longer valid.';
      return;
    }
    if (response.ok) {
      const previous = img.src;
      img.src = URL.createObjectURL(await response.blob());
      if (previous.startsWith('blob:')) URL.revokeObjectURL(previous);
      bar.textContent = decodeURIComponent(response.headers.get('x-page-url') || '');
      document.title = decodeURIComponent(response.headers.get('x-page-title') || '') || 'Trawl live view';
    }
  } catch {}
  setTimeout(next, 250);
}
next();
if (inputUrl) {
  // One input at a time, in order: keys typed quickly must not overtake each other.
  let sending = Promise.resolve();
  const send = (input) => {
    sending = sending
      .then(() => fetch(inputUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }))
      .catch(() => undefined);
  };
  img.addEventListener('click', (event) => {
    const box = img.getBoundingClientRect();
    const scale = img.naturalWidth / box.width;
    send({ type: 'click', x: (event.clientX - box.left) * scale, y: (event.clientY - box.top) * scale });
  });
  window.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    send(event.key.length === 1 ? { type: 'type', text: event.key } : { type: 'press', key: event.key });
  });
  img.addEventListener('wheel', (event) => {
    event.preventDefault();
    send({ type: 'scroll', deltaX: event.deltaX, deltaY: event.deltaY });
  }, { passive: false });
}
</script></body></html>`;
}
