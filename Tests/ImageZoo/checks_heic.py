"""Checks of the zoo's HEIC variants (see zoo_check.py): the brand and `ispe` from the bytes,
alpha and pixels through pillow-heif (libheif)."""

from pillow_heif import register_heif_opener

from zoolib import check
from codec_helpers import expect_alpha_fades, expect_refused_bomb, ispe_sizes

register_heif_opener()

# x265 at quality 80 on 4:2:0 chroma.
LIMIT = 12


def heic(case, mode):
    case.expect(case.data[4:12] == b"ftypheic", f"brand {case.data[4:12]!r}, expected ftypheic")
    image = case.open()
    case.expect(image.format == "HEIF", f"Pillow reads it as {image.format}")
    case.expect(image.size == (case.width, case.height), f"size {image.size}")
    case.expect(image.mode == mode, f"mode {image.mode}, expected {mode}")
    return image


@check("heic", "still")
def still(case):
    image = heic(case, "RGB")
    case.expect_same_picture(image, LIMIT)
    case.expect_marker_top_left(image)


@check("heic", "alpha")
def alpha(case):
    image = heic(case, "RGBA")
    expect_alpha_fades(case, image)
    case.expect_same_picture(image, LIMIT)


@check("heic", "bomb")
def bomb(case):
    sizes = ispe_sizes(case.data)
    case.expect(sizes and all(size == (100_000, 100_000) for size in sizes), f"ispe sizes {sizes}")
    expect_refused_bomb(case)
