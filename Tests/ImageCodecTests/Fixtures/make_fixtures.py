#!/usr/bin/env python3
"""Writes the real-world image fixtures of ImageCodecTests with encoders other than ours.

Not run by `make test`: the files it writes are committed beside it. To remake them:

    python3 -m venv /tmp/venv-pillow && /tmp/venv-pillow/bin/pip install Pillow
    /tmp/venv-pillow/bin/python Tests/ImageCodecTests/Fixtures/make_fixtures.py

JPEGs come from Pillow (its libjpeg), except the YCCK one: neither Pillow nor any tool at hand
writes YCCK, so that one comes from libturbojpeg's own compressor (through ctypes), which
turns Adobe-inverted CMYK input into a YCCK JPEG. PNGs come from Pillow, except the 16-bit RGB
and the interlaced ones (Pillow writes neither), which this script writes chunk by chunk with
zlib. Every file is read back with Pillow and checked against the colours the tests expect.

The pictures (the tests know them too, in FixturePictures.swift):
- "patches": 48 x 32 pixels, six 16 x 16 patches, top row red, green, blue; bottom row white,
  50% gray, black. Grayscale files use GRAY_LEVELS (gray-alpha.png GRAY_ALPHA) per patch.
- "pattern": 23 x 19 pixels (odd sizes, so that every Adam7 pass is partial),
  RGBA = (x * 11, y * 13, (x ^ y) * 8, 255 - 4 * (x + y)), each mod 256.
"""
import ctypes
import ctypes.util
import io
import pathlib
import struct
import zlib

from PIL import Image

HERE = pathlib.Path(__file__).resolve().parent
PATCH = 16
PATCH_RGB = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (128, 128, 128), (0, 0, 0)]
# The inks (0 = none, 255 = full) that print each patch: CMY for colours, K for grays.
PATCH_INK = [(0, 255, 255, 0), (255, 0, 255, 0), (255, 255, 0, 0), (0, 0, 0, 0), (0, 0, 0, 127), (0, 0, 0, 255)]
# The grayscale pictures' patches: the luma of each colour patch.
GRAY_LEVELS = [76, 150, 29, 255, 128, 0]
GRAY_ALPHA = [(0, 255), (64, 200), (128, 128), (192, 64), (255, 0), (32, 255)]
WIDTH, HEIGHT = 3 * PATCH, 2 * PATCH


def patch_index(x, y):
    return (y // PATCH) * 3 + x // PATCH


def patches(mode, values):
    image = Image.new(mode, (WIDTH, HEIGHT))
    image.putdata([values[patch_index(x, y)] for y in range(HEIGHT) for x in range(WIDTH)])
    return image


def pattern_pixel(x, y):
    return ((x * 11) % 256, (y * 13) % 256, ((x ^ y) * 8) % 256, (255 - 4 * (x + y)) % 256)


PATTERN_SIZE = (23, 19)


def jpeg(image, **options):
    out = io.BytesIO()
    image.save(out, "JPEG", quality=95, **options)
    return out.getvalue()


def segments(data):
    """(offset, marker, length) of each marker segment before the first SOS."""
    offset = 2
    while offset + 4 <= len(data) and data[offset] == 0xFF:
        marker = data[offset + 1]
        length = struct.unpack(">H", data[offset + 2:offset + 4])[0]
        yield offset, marker, length
        if marker == 0xDA:
            return
        offset += 2 + length


def adobe_transform(data):
    for offset, marker, length in segments(data):
        if marker == 0xEE and data[offset + 4:offset + 9] == b"Adobe":
            return data[offset + 15]
    return None


def without_app14(data):
    for offset, marker, length in segments(data):
        if marker == 0xEE:
            return data[:offset] + data[offset + 2 + length:]
    raise SystemExit("no APP14 segment to remove")


def turbojpeg_ycck(inverted_cmyk, width, height):
    """A YCCK JPEG from libturbojpeg: tjCompress2 with TJPF_CMYK writes YCCK (4:4:4, quality 95)."""
    lib = ctypes.CDLL(ctypes.util.find_library("turbojpeg") or "libturbojpeg.so.0")
    lib.tjInitCompress.restype = ctypes.c_void_p
    lib.tjCompress2.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
        ctypes.POINTER(ctypes.POINTER(ctypes.c_ubyte)), ctypes.POINTER(ctypes.c_ulong),
        ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.tjFree.argtypes = [ctypes.POINTER(ctypes.c_ubyte)]
    lib.tjDestroy.argtypes = [ctypes.c_void_p]
    handle = lib.tjInitCompress()
    buffer = ctypes.POINTER(ctypes.c_ubyte)()
    size = ctypes.c_ulong(0)
    TJPF_CMYK, TJSAMP_444 = 11, 0
    status = lib.tjCompress2(handle, inverted_cmyk, width, 0, height, TJPF_CMYK,
                             ctypes.byref(buffer), ctypes.byref(size), TJSAMP_444, 95, 0)
    if status != 0:
        raise SystemExit("tjCompress2 failed")
    data = ctypes.string_at(buffer, size.value)
    lib.tjFree(buffer)
    lib.tjDestroy(handle)
    return data


def chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def png(width, height, depth, color_type, rows, interlaced=False):
    """A PNG written chunk by chunk; `rows(x0, dx, y0, dy)` gives packed rows of a (sub)image."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlaced else 0)
    passes = [(0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2)]
    raw = b""
    for x0, dx, y0, dy in (passes if interlaced else [(0, 1, 0, 1)]):
        if x0 >= width or y0 >= height:
            continue
        raw += b"".join(b"\x00" + row for row in rows(x0, dx, y0, dy))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def close(a, b, tolerance):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def check_patches(name, data, expect_rgba, tolerance):
    image = Image.open(io.BytesIO(data))
    image.load()
    rgba = image.convert("RGBA")
    for index, expected in enumerate(expect_rgba):
        x, y = (index % 3) * PATCH + PATCH // 2, (index // 3) * PATCH + PATCH // 2
        found = rgba.getpixel((x, y))
        if not close(found, expected, tolerance):
            raise SystemExit(f"{name}: patch {index} reads {found} in Pillow, expected {expected}")


def write(name, data):
    if len(data) > 8 * 1024:
        raise SystemExit(f"{name} is {len(data)} bytes; fixtures stay a few KB")
    (HERE / name).write_bytes(data)
    print(f"{name}: {len(data)} bytes")


def main():
    rgb = patches("RGB", PATCH_RGB)
    opaque = [c + (255,) for c in PATCH_RGB]

    # CMYK as Photoshop writes it: Pillow stores CMYK inverted, with an APP14 "Adobe" marker
    # (transform 0); Pillow reads it back assuming the same convention.
    cmyk = patches("CMYK", PATCH_INK)
    data = jpeg(cmyk)
    assert adobe_transform(data) == 0, "expected an Adobe marker with transform 0"
    check_patches("cmyk-adobe.jpg", data, opaque, 12)
    write("cmyk-adobe.jpg", data)

    # CMYK without the Adobe marker, whose values are the inks themselves: Pillow is handed
    # inverted inks (so that it writes the inks), then the marker is cut out.
    inverted = patches("CMYK", [tuple(255 - v for v in ink) for ink in PATCH_INK])
    data = without_app14(jpeg(inverted))
    assert adobe_transform(data) is None
    write("cmyk-plain.jpg", data)

    # YCCK from TurboJPEG: its input is CMYK the Adobe way (inverted).
    data = turbojpeg_ycck(inverted.tobytes(), WIDTH, HEIGHT)
    assert adobe_transform(data) == 2, "expected an Adobe marker with transform 2 (YCCK)"
    check_patches("ycck-adobe.jpg", data, opaque, 12)
    write("ycck-adobe.jpg", data)

    data = jpeg(rgb, progressive=True)
    assert b"\xff\xc2" in data, "expected a progressive frame (SOF2)"
    check_patches("progressive.jpg", data, opaque, 12)
    write("progressive.jpg", data)

    data = jpeg(patches("L", GRAY_LEVELS))
    check_patches("grayscale.jpg", data, [(v, v, v, 255) for v in GRAY_LEVELS], 4)
    write("grayscale.jpg", data)

    data = jpeg(rgb, restart_marker_blocks=1)
    assert b"\xff\xdd" in data and b"\xff\xd0" in data, "expected DRI and RST markers"
    check_patches("restart.jpg", data, opaque, 12)
    write("restart.jpg", data)

    # 16-bit RGB without gAMA or sRGB: sRGB-encoded samples, as most tools write them.
    def rgb16_rows(x0, dx, y0, dy):
        return [b"".join(struct.pack(">HHH", *(v * 257 for v in PATCH_RGB[patch_index(x, y)]))
                         for x in range(x0, WIDTH, dx)) for y in range(y0, HEIGHT, dy)]
    data = png(WIDTH, HEIGHT, 16, 2, rgb16_rows)
    check_patches("rgb16.png", data, opaque, 0)
    write("rgb16.png", data)

    out = io.BytesIO()
    patches("I;16", [v * 257 for v in GRAY_LEVELS]).save(out, "PNG")
    data = out.getvalue()
    decoded = Image.open(io.BytesIO(data))
    for index, level in enumerate(GRAY_LEVELS):
        found = decoded.getpixel(((index % 3) * PATCH + PATCH // 2, (index // 3) * PATCH + PATCH // 2))
        assert found == level * 257, f"gray16.png: patch {index} reads {found} in Pillow"
    write("gray16.png", data)

    # Palette with one transparent entry (tRNS): the black patch.
    palette = patches("P", list(range(6)))
    palette.putpalette([v for c in PATCH_RGB for v in c])
    out = io.BytesIO()
    palette.save(out, "PNG", transparency=5)
    data = out.getvalue()
    check_patches("palette.png", data, opaque[:5] + [(0, 0, 0, 0)], 0)
    write("palette.png", data)

    gray_alpha = patches("LA", GRAY_ALPHA)
    out = io.BytesIO()
    gray_alpha.save(out, "PNG")
    data = out.getvalue()
    check_patches("gray-alpha.png", data, [(v, v, v, a) for v, a in GRAY_ALPHA], 0)
    write("gray-alpha.png", data)

    def pattern_rows(x0, dx, y0, dy):
        width, height = PATTERN_SIZE
        return [bytes(v for x in range(x0, width, dx) for v in pattern_pixel(x, y)) for y in range(y0, height, dy)]
    data = png(*PATTERN_SIZE, 8, 6, pattern_rows, interlaced=True)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.info.get("interlace") == 1, "expected an interlaced PNG"
    if list(decoded.convert("RGBA").get_flattened_data()) != [pattern_pixel(x, y) for y in range(PATTERN_SIZE[1]) for x in range(PATTERN_SIZE[0])]:
        raise SystemExit("interlaced.png does not read back as the pattern in Pillow")
    write("interlaced.png", data)


if __name__ == "__main__":
    main()
