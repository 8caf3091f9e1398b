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
