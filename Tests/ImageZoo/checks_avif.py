"""Checks of the zoo's AVIF variants (see zoo_check.py): the brand and `ispe` from the bytes,
alpha and pixels through Pillow's AVIF plugin (libavif); the checks themselves are the ones
AVIF and HEIC share (codec_helpers.register_isobmff_stills)."""

from codec_helpers import register_isobmff_stills

LIMIT = 12

register_isobmff_stills("avif", b"avif", "AVIF", LIMIT)
