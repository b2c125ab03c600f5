#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright never downloads a browser here).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
chromium --version
