"""Checks of the zoo's WebP variants (see zoo_check.py): the RIFF chunks from the bytes, frames,
loop and alpha through Pillow, and the pixels against jpg baseline."""

import struct

from zoolib import check
from codec_helpers import expect_alpha_fades, expect_refused_bomb

LIMIT = 12


def chunks(data):
    """The top-level RIFF chunks' [(type, payload)]."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", "not a RIFF WEBP file"
    found, offset = [], 12
    while offset + 8 <= len(data):
        kind, size = data[offset:offset + 4].decode("latin-1"), struct.unpack("<I", data[offset + 4:offset + 8])[0]
        found.append((kind, data[offset + 8:offset + 8 + size]))
        offset += 8 + size + (size & 1)
    return found


def webp(case, kinds, *modes):
    found = [kind for kind, _ in chunks(case.data)]
    case.expect(found[:len(kinds)] == kinds, f"chunks {found}, expected {kinds} first")
    image = case.open()
    case.expect(image.format == "WEBP", f"Pillow reads it as {image.format}")
    case.expect(image.size == (case.width, case.height), f"size {image.size}")
    case.expect(image.mode in modes, f"mode {image.mode}, expected {' or '.join(modes)}")
    return image


@check("webp", "lossy")
def lossy(case):
    image = webp(case, ["VP8 "], "RGB")
    case.expect_same_picture(image, LIMIT)
    case.expect_marker_top_left(image)


@check("webp", "lossless")
def lossless(case):
    image = webp(case, ["VP8L"], "RGB")
    case.expect_same_picture(image, LIMIT)
    case.expect_marker_top_left(image)
    exact = case.server.image("png", "rgba").convert("RGB")
    case.expect(image.tobytes() == exact.tobytes(), "the pixels differ from png rgba's (both lossless)")


@check("webp", "alpha")
def alpha(case):
    image = webp(case, ["VP8X", "ALPH", "VP8 "], "RGBA")
    expect_alpha_fades(case, image)
    case.expect_same_picture(image, LIMIT)


@check("webp", "animated")
def animated(case):
    # Frames after the first blend over it, so the file has alpha and Pillow may say RGBA.
    image = webp(case, ["VP8X", "ANIM", "ANMF"], "RGB", "RGBA")
    case.expect_same_picture(image, LIMIT)
    case.expect_animation(image, [500, 500, 500])


@check("webp", "bomb")
def bomb(case):
    vp8x = dict(chunks(case.data)).get("VP8X")
    case.expect(vp8x is not None, "no VP8X chunk")
    width = int.from_bytes(vp8x[4:7], "little") + 1
    height = int.from_bytes(vp8x[7:10], "little") + 1
    case.expect((width, height) == (100_000, 100_000), f"the VP8X canvas is {width}×{height}")
    expect_refused_bomb(case)
