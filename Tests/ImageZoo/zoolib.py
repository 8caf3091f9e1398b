"""What the zoo's checks share (imported by zoo_check.py and every checks_<format>.py): the
`@check` registry, the picture's number and size, and `Case`, one variant's bytes with the
assertions the checks make."""

import io

from PIL import Image, ImageChops, ImageFile, ImageOps, ImageStat

# The picture every variant encodes: image N at W×H (not square, so a turn changes the size).
NUMBER, WIDTH, HEIGHT = 5, 320, 240

CHECKS = {}


def check(extension, *variants):
    """Registers the decorated function as the check of `variants` of `extension`."""
    def register(function):
        for variant in variants:
            CHECKS[(extension, variant)] = function
        return function
    return register


class CheckFailure(AssertionError):
    pass


class Case:
    """One variant's bytes and what a check needs to judge them."""

    def __init__(self, server, extension, variant, data):
        self.server, self.extension, self.variant, self.data = server, extension, variant, data
        self.width, self.height = WIDTH, HEIGHT

    def expect(self, condition, message):
        if not condition:
            raise CheckFailure(message)

    def open(self, truncated=False):
        """The bytes as a Pillow image (loaded); `truncated` lets Pillow read a cut file."""
        ImageFile.LOAD_TRUNCATED_IMAGES = truncated
        try:
            image = Image.open(io.BytesIO(self.data))
            image.load()
            return image
        finally:
            ImageFile.LOAD_TRUNCATED_IMAGES = False

    def expect_decompression_bomb(self, declared):
        """A small file whose header declares `declared` (width, height): Pillow refuses to open it."""
        self.expect(len(self.data) < 64 * 1024, f"{len(self.data)} bytes: not small")
        try:
            Image.open(io.BytesIO(self.data))
            refused = False
        except Image.DecompressionBombError as error:
            refused = f"{declared[0] * declared[1]} pixels" in str(error)
        self.expect(refused, f"Pillow did not refuse it as a decompression bomb of {declared[0]}×{declared[1]}")

    def reference(self):
        """`jpg` `baseline` of the same picture, as RGB."""
        return self.server.image("jpg", "baseline").convert("RGB")

    def expect_same_picture(self, image, limit, mode="RGB", mask=None):
        """Mean absolute difference per channel against the reference at most `limit`, after the
        EXIF orientation; `mode` "L" compares luma; `mask` (mode "1" or "L") limits the pixels."""
        upright = ImageOps.exif_transpose(image)
        self.expect(upright.size == (self.width, self.height),
                    f"upright size {upright.size}, expected {(self.width, self.height)}")
        ours = upright.convert(mode)
        theirs = self.reference().convert(mode)
        difference = ImageStat.Stat(ImageChops.difference(ours, theirs), mask)
        worst = max(difference.mean)
        self.expect(worst <= limit, f"mean absolute difference {worst:.1f} > {limit} against jpg baseline")
        return worst

    def expect_animation(self, image, durations):
        """An animation that loops forever with one frame per entry of `durations` (ms, in order),
        shown for those durations, every frame a different picture. Each frame is loaded before
        its duration is read: Pillow sets a WebP frame's duration as it loads it."""
        count = getattr(image, "n_frames", 1)
        self.expect(count == len(durations), f"n_frames {count}, expected {len(durations)}")
        self.expect(image.info.get("loop") == 0, f"loop {image.info.get('loop')}, expected 0 (forever)")
        found, frames = [], []
        for index in range(count):
            image.seek(index)
            frames.append(image.convert("RGB").tobytes())
            found.append(image.info.get("duration"))
        self.expect(found == list(durations), f"durations {found}, expected {list(durations)}")
        self.expect(len(set(frames)) == count, "the frames are not all different")

    def expect_marker_top_left(self, image):
        """The up marker (white, a quarter wide, an eighth tall) is in the upright top-left corner."""
        upright = ImageOps.exif_transpose(image).convert("L")
        box = (2, 2, self.width // 4 - 2, self.height // 8 - 2)
        brightness = ImageStat.Stat(upright.crop(box)).mean[0]
        self.expect(brightness > 235, f"the up marker is not in the top-left corner (mean {brightness:.0f})")
