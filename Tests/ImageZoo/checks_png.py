"""Checks of the zoo's PNG variants (see zoo_check.py): chunks read from the bytes (with their
CRCs), the pixels through Pillow."""

import io
import resource
import struct
import zlib

from PIL import ImageCms, ImageStat

from zoolib import check

LIMIT = 12  # mean absolute difference per channel against jpg baseline
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunks(data):
    """[(type, declared length, data, CRC ok)] in file order; a chunk the file ends inside is
    listed with the data that is there and CRC None."""
    assert data.startswith(SIGNATURE), "no PNG signature"
    found, offset = [], len(SIGNATURE)
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        crc_bytes = data[offset + 8 + length:offset + 12 + length]
        crc_ok = None if len(crc_bytes) < 4 else struct.unpack(">I", crc_bytes)[0] == zlib.crc32(kind + body)
        found.append((kind.decode("latin-1"), length, body, crc_ok))
        offset += 12 + length
    return found


def header(case):
    """IHDR as (width, height, bit depth, colour type, interlace)."""
    first = chunks(case.data)[0]
    case.expect(first[0] == "IHDR", f"the first chunk is {first[0]}")
    return struct.unpack(">IIBBBBB", first[2])[:4] + (first[2][12],)


def plain(case, depth, color, interlace=0):
    width, height, bit_depth, color_type, interlaced = header(case)
    case.expect((width, height) == (case.width, case.height), f"IHDR {width}×{height}")
    case.expect(bit_depth == depth, f"bit depth {bit_depth}, expected {depth}")
    case.expect(color_type == color, f"colour type {color_type}, expected {color}")
    case.expect(interlaced == interlace, f"interlace method {interlaced}, expected {interlace}")
    case.expect(all(crc for _, _, _, crc in chunks(case.data)), "a chunk has a bad CRC")
    return case.open()


def expect_alpha_fades(case, image):
    alpha = image.getchannel("A")
    case.expect(alpha.getpixel((0, case.height - 1)) == 255, "the left edge is not opaque")
    case.expect(alpha.getpixel((case.width - 1, case.height - 1)) < 128, "the right edge is not see-through")


@check("png", "interlaced")
def interlaced(case):
    image = plain(case, 8, 2, interlace=1)
    case.expect(image.info.get("interlace") == 1, "Pillow's info has no interlace flag")
    case.expect_same_picture(image, LIMIT)
    case.expect_marker_top_left(image)


@check("png", "16bit")
def sixteen_bit(case):
    case.expect_same_picture(plain(case, 16, 2), LIMIT)


@check("png", "palette")
def palette(case):
    image = plain(case, 8, 3)
    case.expect(image.mode == "P", f"mode {image.mode}")
    case.expect(len(image.getpalette()) // 3 <= 256, "more than 256 palette entries")
    case.expect_same_picture(image, LIMIT)


@check("png", "palette-trns")
def palette_trns(case):
    image = plain(case, 8, 3)
    case.expect(any(kind == "tRNS" for kind, _, _, _ in chunks(case.data)), "no tRNS chunk")
    case.expect(image.info.get("transparency") == 0, f"transparency {image.info.get('transparency')}, expected entry 0")
    alpha = image.convert("RGBA").getchannel("A")
    see_through = 1 - ImageStat.Stat(alpha).mean[0] / 255
    case.expect(0.1 < see_through < 0.9, f"{see_through:.0%} of the pixels are transparent")
    case.expect_same_picture(image, LIMIT, mask=alpha.point(lambda value: 255 if value else 0))


@check("png", "gray")
def gray(case):
    image = plain(case, 8, 0)
    case.expect(image.mode == "L", f"mode {image.mode}")
    case.expect_same_picture(image, LIMIT, mode="L")


@check("png", "gray-alpha")
def gray_alpha(case):
    image = plain(case, 8, 4)
    case.expect(image.mode == "LA", f"mode {image.mode}")
    expect_alpha_fades(case, image)
    case.expect_same_picture(image, LIMIT, mode="L")


@check("png", "rgba")
def rgba(case):
    image = plain(case, 8, 6)
    case.expect(image.mode == "RGBA", f"mode {image.mode}")
    expect_alpha_fades(case, image)
    case.expect_same_picture(image, LIMIT)


@check("png", "icc")
def icc(case):
    image = plain(case, 8, 2)
    profile = image.info.get("icc_profile")
    case.expect(profile, "no ICC profile")
    description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile))).strip()
    case.expect(description == "Display P3", f"ICC description {description!r}")
    case.expect_same_picture(image, LIMIT)


@check("png", "apng")
def apng(case):
    image = plain(case, 8, 2)
    kinds = [kind for kind, _, _, _ in chunks(case.data)]
    case.expect(kinds.index("acTL") < kinds.index("IDAT"), "acTL is not before IDAT")
    case.expect("fdAT" in kinds, "no fdAT chunk")
    case.expect_same_picture(image, LIMIT)
    case.expect_animation(image, [500, 250, 1000])


@check("png", "huge-text-chunk")
def huge_text_chunk(case):
    case.expect(len(case.data) <= 100, f"{len(case.data)} bytes: not tiny")
    found = chunks(case.data)
    kinds = [kind for kind, _, _, _ in found]
    text = next((chunk for chunk in found if chunk[0] in ("tEXt", "zTXt", "iTXt")), None)
    case.expect(text is not None, "no text chunk")
    case.expect("IDAT" not in kinds[:kinds.index(text[0])], "the text chunk is not before IDAT")
    case.expect(text[1] >= 1 << 30, f"the text chunk declares {text[1]} bytes, not ≥ 1 GiB")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    try:
        case.open()
    except (OSError, ValueError, SyntaxError):
        pass  # refused: fine; what matters is that reading it stays small
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    case.expect(grown_mb < 100, f"Pillow's memory grew by {grown_mb:.0f} MB reading it")


@check("png", "bad-crc")
def bad_crc(case):
    bad = [kind for kind, _, _, crc in chunks(case.data) if crc is False]
    case.expect(bad == ["IDAT"], f"chunks with a bad CRC: {bad}, expected the first IDAT only")
    try:
        case.open()  # Pillow skips IDAT CRCs (libpng refuses them): either way, no crash
    except (OSError, SyntaxError):
        pass


@check("png", "bomb")
def bomb(case):
    width, height = header(case)[:2]
    case.expect((width, height) == (100_000, 100_000), f"IHDR says {width}×{height}")
    case.expect(chunks(case.data)[0][3], "IHDR's CRC is wrong (it must be fixed up)")
    case.expect_decompression_bomb((100_000, 100_000))
