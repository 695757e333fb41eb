#!/usr/bin/env bash
# Installs whatever this machine lacks to build and run Trawl: npm packages (npm ci), Debian's
# Chromium, Poppler and Tesseract (PDF OCR), yt-dlp and ffmpeg (media), LibreOffice and bubblewrap
# (office uploads; bubblewrap also confines Python scripts), Debian's python3 (interact and browser
# session scripts in Python), and a NATS server with JetStream when none answers on NATS_URL. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/../.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get install -y --no-install-recommends "$@" >/dev/null 2>&1 ||
    { as_root apt-get update >/dev/null && as_root apt-get install -y --no-install-recommends "$@"; }
}

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "trawl: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  echo "trawl: installing Debian's chromium"
  apt_install chromium
fi

# PDF OCR: Poppler renders pages, Tesseract reads them (English language data).
if ! command -v pdftoppm >/dev/null 2>&1; then
  echo "trawl: installing Debian's poppler-utils (PDF pages to images for OCR)"
  apt_install poppler-utils
fi
if ! command -v tesseract >/dev/null 2>&1 || ! tesseract --list-langs 2>/dev/null | grep -qx eng; then
  echo "trawl: installing Debian's tesseract-ocr and tesseract-ocr-eng (OCR)"
  apt_install tesseract-ocr tesseract-ocr-eng
fi

# audio/video formats: yt-dlp finds and downloads the media, ffmpeg converts it.
for tool in yt-dlp ffmpeg; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "trawl: installing Debian's $tool (audio and video formats)"
    apt_install "$tool"
  fi
done

# Office uploads (.doc, .odt, .rtf, .xls, .ods, .pptx, …): headless LibreOffice converts them, inside bubblewrap.
if [ ! -x "${SOFFICE_PATH:-/usr/bin/soffice}" ]; then
  echo "trawl: installing Debian's LibreOffice (office uploads)"
  apt_install libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui
fi
if [ ! -x "${BWRAP_PATH:-/usr/bin/bwrap}" ]; then
  echo "trawl: installing Debian's bubblewrap (the sandbox of office conversions and Python scripts)"
  apt_install bubblewrap
fi
# Python scripts (interact, browser sessions) run Debian's python3: the sandbox shows only /usr.
if [ ! -x /usr/bin/python3 ]; then
  echo "trawl: installing Debian's python3 (Python scripts)"
  apt_install python3
fi

nats_url="${NATS_URL:-nats://127.0.0.1:4222}"
hostport="${nats_url#nats://}"; hostport="${hostport%%,*}"
host="${hostport%:*}"; port="${hostport##*:}"
if ! (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
  if ! command -v nats-server >/dev/null 2>&1 && [ ! -x /usr/sbin/nats-server ]; then
    echo "trawl: installing nats-server"
    apt_install nats-server
  fi
  nats_bin="$(command -v nats-server || echo /usr/sbin/nats-server)"
  store_dir="${DATA_DIR:-.data}/nats"
  mkdir -p "$store_dir"
  echo "trawl: starting nats-server with JetStream on $host:$port (store: $store_dir)"
  nohup "$nats_bin" -c infra/nats/nats-server.conf -a "$host" -p "$port" -sd "$store_dir" \
    >"${DATA_DIR:-.data}/nats-server.log" 2>&1 &
  for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null && break; sleep 0.1; done
fi
