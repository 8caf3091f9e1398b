"""Checks of the zoo's JPEG variants (see zoo_check.py): markers read from the bytes, the rest
through Pillow (libjpeg-turbo)."""

import io
import struct

from PIL import Image, ImageChops, ImageCms, ImageStat, JpegImagePlugin

from zoolib import check

LIMIT = 12  # mean absolute difference per channel against jpg baseline


def markers(data):
    """The header segments up to the first SOS: [(marker, offset, payload)], plus the offsets of
    bytes that are not a marker where one should start (stray bytes)."""
    segments, stray, offset = [], [], 2
    while offset + 4 <= len(data):
        if data[offset] != 0xFF:
            stray.append(offset)
            offset += 1
            continue
        marker = data[offset + 1]
        length = struct.unpack(">H", data[offset + 2:offset + 4])[0]
        segments.append((marker, offset, data[offset + 4:offset + 2 + length]))
        if marker == 0xDA:
            break
        offset += 2 + length
    return segments, stray


def frame(data):
    """(SOF marker, width, height, components) of the first frame header."""
    for marker, _, payload in markers(data)[0]:
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", payload[1:5])
            return marker, width, height, payload[5]
    raise AssertionError("no frame header")


def scans(data):
    """SOS markers in the whole file (0xFFDA cannot occur inside entropy-coded data)."""
    return data.count(b"\xff\xda")


@check("jpg", "baseline")
def baseline(case):
    marker, width, height, components = frame(case.data)
    case.expect(marker == 0xC0, f"SOF{marker - 0xC0}, expected SOF0 (baseline)")
    case.expect((width, height, components) == (case.width, case.height, 3), f"frame {width}×{height}, {components} components")
    image = case.open()
    case.expect(not image.info.get("progressive"), "Pillow reads it as progressive")
    case.expect_marker_top_left(image)
    expect_plain_plus_marker(case, image)


def expect_plain_plus_marker(case, image):
    """`baseline` is the plain `jpg` (no `variant=`) of the same N and size with the up marker
    drawn in, as the catalog says: the same encoder settings (quantization tables, 4:2:0
    sampling, JFIF), the same pixels outside the marker's MCUs, and only the marker white."""
    plain = case.server.plain("jpg")
    case.expect(plain.size == image.size, f"plain jpg is {plain.size}, baseline {image.size}")
    case.expect(plain.quantization == image.quantization, "plain jpg and baseline have different quantization tables")
    case.expect(JpegImagePlugin.get_sampling(plain) == JpegImagePlugin.get_sampling(image) == 2,
                "plain jpg and baseline are not both 4:2:0")
    case.expect("jfif" in plain.info and "jfif" in image.info, "plain jpg or baseline has no JFIF marker")
    # The marker and the 16-pixel MCUs it touches differ; every other pixel is the same picture.
    covered = (16 * -(-(case.width // 4) // 16), 16 * -(-(case.height // 8) // 16))
    mask = Image.new("L", image.size, 255)
    mask.paste(0, (0, 0) + covered)
    difference = ImageStat.Stat(ImageChops.difference(plain.convert("RGB"), image.convert("RGB")), mask)
    worst = max(difference.mean)
    case.expect(worst <= 1, f"outside the marker, baseline differs from plain jpg by {worst:.2f} on average")
    box = (2, 2, case.width // 4 - 2, case.height // 8 - 2)
    plain_brightness = ImageStat.Stat(plain.convert("L").crop(box)).mean[0]
    case.expect(plain_brightness < 235, f"plain jpg has a white block where the marker goes (mean {plain_brightness:.0f})")


@check("jpg", "progressive")
def progressive(case):
    image = case.open()
    case.expect(image.info.get("progressive") == 1, f"Pillow's info has no progressive flag: {image.info}")
    case.expect(frame(case.data)[0] == 0xC2, "not SOF2")
    case.expect(scans(case.data) > 1, "one scan only")
    case.expect_same_picture(image, LIMIT)


@check("jpg", "arithmetic")
def arithmetic(case):
    case.expect(frame(case.data)[0] == 0xC9, f"SOF{frame(case.data)[0] - 0xC0}, expected SOF9 (arithmetic)")
    case.expect_same_picture(case.open(), LIMIT)


@check("jpg", "restart-markers")
def restart_markers(case):
    intervals = [struct.unpack(">H", payload[:2])[0] for marker, _, payload in markers(case.data)[0] if marker == 0xDD]
    case.expect(intervals and intervals[0] > 0, "no DRI segment with a restart interval")
    case.expect(b"\xff\xd0" in case.data and b"\xff\xd1" in case.data, "no RST0/RST1 markers in the scan")
    case.expect_same_picture(case.open(), LIMIT)


@check("jpg", "gray")
def gray(case):
    image = case.open()
    case.expect(image.mode == "L", f"mode {image.mode}, expected L")
    case.expect_same_picture(image, LIMIT, mode="L")


def adobe(case, transform):
    image = case.open()
    case.expect(image.mode == "CMYK", f"mode {image.mode}, expected CMYK")
    case.expect("adobe" in image.info, "no Adobe APP14 marker")
    case.expect(image.info.get("adobe_transform") == transform,
                f"Adobe transform {image.info.get('adobe_transform')}, expected {transform}")
    # Pillow reads Adobe CMYK as inverted (Photoshop's convention) before converting to RGB.
    case.expect_same_picture(image, 40)


@check("jpg", "cmyk")
def cmyk(case):
    adobe(case, 0)


@check("jpg", "ycck")
def ycck(case):
    adobe(case, 2)


def orientation(value):
    def run(case):
        image = case.open()
        tag = image.getexif().get(0x0112)
        case.expect(tag == value, f"orientation tag {tag}, expected {value}")
        stored = (case.height, case.width) if value >= 5 else (case.width, case.height)
        case.expect(image.size == stored, f"stored {image.size}, expected {stored}")
        case.expect_same_picture(image, LIMIT)
        case.expect_marker_top_left(image)
    return run


for value in range(1, 9):
    check("jpg", f"exif-{value}")(orientation(value))


@check("jpg", "icc-p3")
def icc_p3(case):
    image = case.open()
    profile = image.info.get("icc_profile")
    case.expect(profile, "no ICC profile")
    description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile))).strip()
    case.expect(description == "Display P3", f"ICC description {description!r}")
    case.expect(profile[36:40] == b"acsp" and profile[8] == 4, "not an ICC v4 profile")
    case.expect_same_picture(image, LIMIT)


@check("jpg", "extraneous-bytes")
def extraneous_bytes(case):
    segments, stray = markers(case.data)
    case.expect(stray, "no stray bytes between the header segments")
    sof = next(offset for marker, offset, _ in segments if marker in (0xC0, 0xC2))
    case.expect(stray[-1] == sof - 1, "the stray bytes are not just before the frame header's marker")
    case.expect_same_picture(case.open(), LIMIT)


@check("jpg", "truncated-progressive")
def truncated_progressive(case):
    case.expect(not case.data.endswith(b"\xff\xd9"), "it ends with EOI: not truncated")
    case.expect(frame(case.data)[0] == 0xC2, "not progressive")
    try:
        case.open()
        strict = "loaded"
    except OSError:
        strict = "refused"
    case.expect(strict == "refused", "Pillow loads it without LOAD_TRUNCATED_IMAGES: not truncated")
    image = case.open(truncated=True)
    case.expect(image.info.get("progressive") == 1, "Pillow's info has no progressive flag")
    case.expect_same_picture(image, 48)


@check("jpg", "bomb")
def bomb(case):
    _, width, height, _ = frame(case.data)
    case.expect((width, height) == (65_500, 65_500), f"SOF says {width}×{height}")
    case.expect_decompression_bomb((65_500, 65_500))
