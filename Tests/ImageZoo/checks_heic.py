"""Checks of the zoo's HEIC variants (see zoo_check.py): the brand and `ispe` from the bytes,
alpha and pixels through pillow-heif (libheif); the checks themselves are the ones AVIF and
HEIC share (codec_helpers.register_isobmff_stills)."""

from pillow_heif import register_heif_opener

from codec_helpers import register_isobmff_stills

register_heif_opener()

# x265 at quality 80 on 4:2:0 chroma.
LIMIT = 12

register_isobmff_stills("heic", b"heic", "HEIF", LIMIT)
