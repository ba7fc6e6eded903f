#!/usr/bin/env bash
# Installs everything Wattle PDF needs on Debian: the engines' and browser tests' Debian packages
# (via apt-get when run as root), then the npm packages. Fast when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_PACKAGES=(
  qpdf poppler-utils afdko-bin
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-chi-tra tesseract-ocr-ara
  tesseract-ocr-vie tesseract-ocr-pan tesseract-ocr-ell tesseract-ocr-ita
  libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui python3-uno
  fonts-dejavu fonts-liberation2 fonts-crosextra-carlito fonts-crosextra-caladea
  ghostscript libtiff-tools libheif-examples chromium postgresql util-linux perl-base procps curl jq
  ocrmypdf # the benches' OCR peer, as ghostscript is their compress peer
  # Real producers for the engine tests' corpus (pdfTeX, ReportLab, PyMuPDF, ImageMagick) and PDFBox's PDF/A preflight.
  texlive-latex-base texlive-lang-german python3-reportlab python3-fitz imagemagick libpdfbox2-java default-jre-headless
  libactivation-java libjaxb-api-java # preflight needs javax.activation and javax.xml.bind, which Java 11 and later dropped
  fonts-urw-base35 # the metric-compatible fonts pdf-to-pdfa embeds for unembedded standard fonts (decision 134)
)

missing=()
for pkg in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${missing[@]}"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo apt-get update -q
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  else
    echo "Wattle PDF needs these Debian packages, which are not installed:" >&2
    echo "  ${missing[*]}" >&2
    echo "Run this script as root, or install them with:" >&2
    echo "  sudo apt-get install --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi

# Install only when the lockfile changed since the last install. `npm install` rather than `npm ci`:
# npm leaves other platforms' optional packages out of the lockfile, which `npm ci` then refuses.
# Dev dependencies are needed even with NODE_ENV=production (which makes npm omit them): the build
# needs typescript, and node@24 is what puts Node 24 under every npm script. An install that left
# them out has no "dev" package in its record, so it is redone.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
  || ! grep -q '"dev": true' node_modules/.package-lock.json || [ ! -x node_modules/.bin/node ]; then
  npm install --include=dev --no-audit --no-fund
fi
