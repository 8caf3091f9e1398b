"""Checks of the zoo's AVIF variants (see zoo_check.py): the brand and `ispe` from the bytes,
alpha and pixels through Pillow's AVIF plugin (libavif)."""

from zoolib import check
from codec_helpers import expect_alpha_fades, expect_refused_bomb, ispe_sizes

LIMIT = 12


def avif(case, mode):
    case.expect(case.data[4:12] == b"ftypavif", f"brand {case.data[4:12]!r}, expected ftypavif")
    image = case.open()
    case.expect(image.format == "AVIF", f"Pillow reads it as {image.format}")
    case.expect(image.size == (case.width, case.height), f"size {image.size}")
    case.expect(image.mode == mode, f"mode {image.mode}, expected {mode}")
    return image


@check("avif", "still")
def still(case):
    image = avif(case, "RGB")
    case.expect_same_picture(image, LIMIT)
    case.expect_marker_top_left(image)


@check("avif", "alpha")
def alpha(case):
    image = avif(case, "RGBA")
    expect_alpha_fades(case, image)
    case.expect_same_picture(image, LIMIT)


@check("avif", "bomb")
def bomb(case):
    sizes = ispe_sizes(case.data)
    case.expect(sizes and all(size == (100_000, 100_000) for size in sizes), f"ispe sizes {sizes}")
    expect_refused_bomb(case)
