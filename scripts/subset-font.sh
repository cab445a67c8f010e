#!/usr/bin/env bash
# Regenerates app/styles/fonts/inter-latin-wght.woff2, the one web font the site loads: Inter
# (SIL Open Font License, app/styles/fonts/OFL.txt) from @fontsource-variable/inter, cut to
# what the pages use: the Latin range fontsource serves as "latin", the OpenType features the
# site relies on (kerning, ligatures, contextual forms, tabular figures, marks), and the
# weights 400–900. 48 KB becomes about 30 KB for every first visit (docs/performance.md).
# Needs fonttools with Brotli (Debian: apt-get install fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
source_font=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
target=app/styles/fonts/inter-latin-wght.woff2
# Keep in step with the unicode-range of the @font-face rule in app/styles/design.css.
latin="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pyftsubset "$source_font" --unicodes="$latin" \
  --layout-features="kern,liga,calt,tnum,ccmp,locl,mark,mkmk" \
  --flavor=woff2 --output-file="$work/subset.woff2"
fonttools varLib.instancer "$work/subset.woff2" wght=400:900 -o "$target"
ls -l "$source_font" "$target"
