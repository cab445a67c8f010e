#!/usr/bin/env bash
# Regenerates the site's web font, Inter (SIL Open Font License, app/styles/fonts/OFL.txt) from
# @fontsource-variable/inter, in two files cut to what the pages use: the OpenType features the
# site relies on (kerning, ligatures, contextual forms, tabular figures, marks) and the weights
# 400–900.
#   - inter-core-wght.woff2: the characters of the site's own texts (ASCII, no-break space, ©,
#     ·, é and É (upper-case text), dashes, curly quotes, bullet, ellipsis; and the control characters, which a line
#     break in pre-line text asks the font for): about 19 KB, preloaded by every page;
#   - inter-more-wght.woff2: the rest of the Latin range fontsource serves as "latin" (accented
#     letters of names and product texts, more punctuation): about 12 KB, which the browser
#     fetches only for a page that shows one of its characters (unicode-range).
# One 30 KB file (48 KB from fontsource) became 19 KB for a first visit (decision 022).
# Needs fonttools with Brotli (Debian: apt-get install fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
source_font=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
fonts=app/styles/fonts
# Keep both in step with the unicode-range of the @font-face rules in app/styles/design.css.
core="U+0000-009F,U+00A0,U+00A9,U+00B7,U+00C9,U+00E9,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026"
more="U+00A1-00A8,U+00AA-00B6,U+00B8-00C8,U+00CA-00E8,U+00EA-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-2012,U+2015-2017,U+201A-201B,U+201E-2021,U+2023-2025,U+2027-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for part in core more; do
  pyftsubset "$source_font" --unicodes="${!part}" \
    --layout-features="kern,liga,calt,tnum,ccmp,locl,mark,mkmk" \
    --flavor=woff2 --output-file="$work/$part.woff2"
  fonttools varLib.instancer "$work/$part.woff2" wght=400:900 -o "$fonts/inter-$part-wght.woff2"
done
ls -l "$source_font" "$fonts"/inter-*-wght.woff2
