#!/usr/bin/env bash
# Installs the system libraries Testbed links against, only when they are missing.
# Debian/Ubuntu: apt-get (as root, or through sudo). macOS: Homebrew.
set -euo pipefail

apt_packages=(libmicrohttpd-dev libgnutls28-dev libxml2-dev curl libcurl4-openssl-dev libturbojpeg0-dev libpng-dev libexif-dev libwebp-dev libgif-dev libavif-dev libheif-dev libavif-bin libheif-examples libsqlite3-dev pkg-config)
# The image zoo's JPEG variants use libjpeg's classic API (jpeglib.h, libjpeg.pc): libjpeg-dev
# is libjpeg-turbo's on Debian and Ubuntu alike (Homebrew: jpeg-turbo, above and below).
apt_packages+=(libjpeg-dev)
# The image zoo's GIF, WebP, AVIF and HEIC encoders (the mock server's CServer* shims), and the
# command-line tools its tests check them with: dwebp/webpmux, avifdec, heif-info, gifsicle.
apt_packages+=(libgif-dev libwebp-dev libavif-dev libheif-dev webp libavif-bin libheif-examples gifsicle)
# zlib (CServerZlib): the recorder gunzips recorded gzip answers.
apt_packages+=(zlib1g-dev)
# Homebrew formulae, by their current names: libcurl is in `curl` (keg-only: SwiftPM finds its
# .pc through CCurl's brew provider), pkg-config is `pkgconf`, GNU timeout is coreutils'
# `gtimeout` (ci/lib.sh). libexif: ImageCodec reads EXIF orientation with it, webp,
# giflib, libavif and libheif decode WebP, GIF, AVIF and HEIC (ImageCodecTests encode their
# AVIF and HEIC fixtures with avifenc and heif-enc: libavif-bin, libheif-examples on Debian).
brew_packages=(libmicrohttpd gnutls libxml2 curl jpeg-turbo libpng sqlite pkgconf coreutils webp giflib libavif libheif libexif)
# gifsicle: the zoo's GIF checks (webp, libavif and libheif bring their own tools).
brew_packages+=(gifsicle)
# zlib (keg-only: SwiftPM finds its .pc through CServerZlib's brew provider).
brew_packages+=(zlib)

if ! command -v swift >/dev/null 2>&1; then
  echo "install-deps: no 'swift' on PATH; install a Swift 6 toolchain first (https://swift.org/install)." >&2
  exit 1
fi

case "$(uname -s)" in
  Linux)
    missing=()
    # The dashboard's browser tests (ci/browser-venv.sh): Debian's Chromium, and python3 with venv.
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    # certutil: the HTTPS browser test trusts the mock server's CA in Chromium's NSS database.
    command -v certutil >/dev/null 2>&1 || missing+=(libnss3-tools)
    python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
    for p in "${apt_packages[@]}"; do
      dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    # Real WireMock for the comparison tests (ci/wiremock-venv.sh): a Java 17 runtime, and
    # python3 able to make a venv. Checked by what they do, so any installed java or python counts.
    command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
    python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3 python3-venv)
    if [ ${#missing[@]} -eq 0 ]; then
      exit 0
    fi
    echo "install-deps: installing ${missing[*]}"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
      if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
        echo "install-deps: need root to run: apt-get install -y ${missing[*]}" >&2; exit 1
      fi
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
    ;;
  Darwin)
    command -v chromium >/dev/null 2>&1 || [ -d /Applications/Chromium.app ] \
      || echo "install-deps: no Chromium (the dashboard's browser tests need one): brew install --cask chromium" >&2
    if ! command -v brew >/dev/null 2>&1; then
      echo "install-deps: Homebrew not found; run: brew install ${brew_packages[*]}" >&2
      exit 1
    fi
    missing=()
    for p in "${brew_packages[@]}"; do
      brew list --versions "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] || brew install "${missing[@]}"
    command -v java >/dev/null 2>&1 || echo "install-deps: no 'java' on PATH (WireMock needs one): brew install openjdk@17" >&2
    ;;
  *)
    echo "install-deps: unsupported system $(uname -s); install: ${apt_packages[*]}" >&2
    exit 1
    ;;
esac
