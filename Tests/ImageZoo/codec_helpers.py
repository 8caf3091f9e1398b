"""What the GIF, WebP, AVIF and HEIC checks share (imported by checks_gif.py, checks_webp.py,
checks_avif.py and checks_heic.py; not a checks_*.py module, so zoo_check.py does not load it
as one)."""

import io
import struct

from PIL import Image


def opaque_mask(image):
    """Mode "1": the pixels of an RGBA image that are at least half opaque (a transparent pixel's
    colour is the encoder's choice, not the picture)."""
    return image.getchannel("A").point(lambda value: 255 if value >= 128 else 0).convert("1")


def expect_alpha_fades(case, image):
    """The zoo's alpha: opaque at the left edge, fading to a quarter at the right."""
    alpha = image.convert("RGBA").getchannel("A")
    left, right = alpha.getpixel((0, case.height - 1)), alpha.getpixel((case.width - 1, case.height - 1))
    case.expect(left >= 250, f"the left edge's alpha is {left}, not opaque")
    case.expect(40 <= right <= 90, f"the right edge's alpha is {right}, not about 64")


def expect_refused_bomb(case):
    """A small file that Pillow refuses when it opens it, before allocating the declared size."""
    case.expect(len(case.data) < 64 * 1024, f"{len(case.data)} bytes: not small")
    try:
        image = Image.open(io.BytesIO(case.data))
        image.load()
    except Image.DecompressionBombError:
        return
    except Image.UnidentifiedImageError:
        # Pillow's AVIF plugin asks libavif to parse the file, and libavif refuses an ispe over
        # its 16384×16384 limit, so no plugin accepts the file.
        return
    except Exception as error:  # a decoder's own size limit (libwebp, libavif, libheif)
        case.expect(any(word in str(error).lower() for word in ("large", "limit", "exceed", "size", "decoder", "bitstream")),
                    f"Pillow failed, but not for the size: {error!r}")
        return
    case.expect(False, f"Pillow opened and decoded it as {image.size}")


def ispe_sizes(data):
    """Every ISOBMFF `ispe` property's (width, height), found by its type bytes."""
    sizes, start = [], 0
    while (index := data.find(b"ispe", start)) >= 0 and index + 12 <= len(data):
        sizes.append(struct.unpack(">II", data[index + 8:index + 16]))
        start = index + 4
    return sizes


def register_isobmff_stills(extension, brand, pillow_format, limit):
    """Registers the checks AVIF and HEIC share, both ISOBMFF stills: `still` (RGB, the same
    picture, the marker top left), `alpha` (RGBA, the alpha fading) and `bomb` (every `ispe`
    declares 100,000 × 100,000, and Pillow refuses it). `brand` is the `ftyp` major brand,
    `pillow_format` what Pillow's `format` says."""
    from zoolib import check

    def opened(case, mode):
        case.expect(case.data[4:12] == b"ftyp" + brand, f"brand {case.data[4:12]!r}, expected ftyp{brand.decode()}")
        image = case.open()
        case.expect(image.format == pillow_format, f"Pillow reads it as {image.format}")
        case.expect(image.size == (case.width, case.height), f"size {image.size}")
        case.expect(image.mode == mode, f"mode {image.mode}, expected {mode}")
        return image

    @check(extension, "still")
    def still(case):
        image = opened(case, "RGB")
        case.expect_same_picture(image, limit)
        case.expect_marker_top_left(image)

    @check(extension, "alpha")
    def alpha(case):
        image = opened(case, "RGBA")
        expect_alpha_fades(case, image)
        case.expect_same_picture(image, limit)

    @check(extension, "bomb")
    def bomb(case):
        sizes = ispe_sizes(case.data)
        case.expect(sizes and all(size == (100_000, 100_000) for size in sizes), f"ispe sizes {sizes}")
        expect_refused_bomb(case)
