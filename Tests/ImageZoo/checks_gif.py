"""Checks of the zoo's GIF variants (see zoo_check.py): Pillow's frame count, loop, delays,
interlace flag and transparency, and the pixels against jpg baseline."""

import io

from PIL import Image

from zoolib import check
from codec_helpers import expect_refused_bomb, opaque_mask

# A 256-colour palette (the server's 6×7×6 mean-colour cube) costs some accuracy.
LIMIT = 12


def gif(case, frames=1):
    image = case.open()
    case.expect(image.format == "GIF", f"Pillow reads it as {image.format}")
    case.expect(image.size == (case.width, case.height), f"size {image.size}")
    count = getattr(image, "n_frames", 1)
    case.expect(count == frames, f"n_frames {count}, expected {frames}")
    return image


@check("gif", "static")
def static(case):
    image = gif(case)
    case.expect("loop" not in image.info, f"a still GIF with a loop count {image.info.get('loop')}")
    case.expect_same_picture(image, LIMIT)
    case.expect_marker_top_left(image)


@check("gif", "animated")
def animated(case):
    image = gif(case, frames=3)
    case.expect_same_picture(image, LIMIT)
    case.expect_animation(image, [500, 500, 500])


@check("gif", "interlaced")
def interlaced(case):
    image = Image.open(io.BytesIO(case.data))
    # Pillow keeps the interlace flag in the decoder's arguments: (bits, interlace).
    case.expect(image.tile and image.tile[0][3][1] == 1, f"not interlaced: tile {image.tile}")
    image = gif(case)
    case.expect_same_picture(image, LIMIT)
    case.expect_marker_top_left(image)


@check("gif", "transparent")
def transparent(case):
    image = gif(case)
    case.expect(image.info.get("transparency") == 255, f"transparency {image.info.get('transparency')}, expected 255")
    rgba = image.convert("RGBA")
    alpha = rgba.getchannel("A")
    case.expect(alpha.getpixel((0, case.height - 1)) == 255, "the left edge is not opaque")
    case.expect(alpha.getpixel((case.width - 1, case.height - 1)) == 0, "the right edge is not transparent")
    case.expect_same_picture(rgba, LIMIT, mask=opaque_mask(rgba))
    case.expect_marker_top_left(rgba.convert("RGB"))


@check("gif", "bomb")
def bomb(case):
    width, height = int.from_bytes(case.data[6:8], "little"), int.from_bytes(case.data[8:10], "little")
    case.expect((width, height) == (65_500, 65_500), f"the logical screen is {width}×{height}")
    expect_refused_bomb(case)
