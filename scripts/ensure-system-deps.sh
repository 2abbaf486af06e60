#!/usr/bin/env bash
# Installs the system packages the tests need (Chromium and its headless shell for Playwright,
# ffmpeg for media, aria2, opentracker, mktorrent and bpm-tools for the downloader, mutagen and
# flac for the tagged test audio of tests/helpers/tagged-audio.ts)
# when they are missing, or names the command to run when this user cannot install them.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || [[ -x /usr/bin/chromium ]] || missing+=(chromium)
# The old headless shell runs the end-to-end tests with less CPU (e2e/support/chromium.ts).
[[ -x /usr/bin/chromium-headless-shell ]] || missing+=(chromium-headless-shell)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v aria2c >/dev/null 2>&1 || missing+=(aria2)
command -v opentracker >/dev/null 2>&1 || missing+=(opentracker)
command -v mktorrent >/dev/null 2>&1 || missing+=(mktorrent)
command -v bpm >/dev/null 2>&1 || missing+=(bpm-tools)
# A pyenv or venv python3 on PATH does not see Debian's module: the system one counts too.
python3 -c 'import mutagen' >/dev/null 2>&1 || /usr/bin/python3 -c 'import mutagen' >/dev/null 2>&1 ||
  missing+=(python3-mutagen)
command -v metaflac >/dev/null 2>&1 || missing+=(flac)
((${#missing[@]} == 0)) && exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} with apt-get..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing system packages: run 'sudo apt-get install -y ${missing[*]}' and try again." >&2
  exit 1
fi
