// Decoding a JPEG straight into its upright orientation (EXIF 2–8) with libjpeg's scanline API,
// so the stored-orientation image never exists and no separate pass over the picture is made.
// Rows that stay rows (2–4) are decoded straight into their output row (2 and 3 through a
// one-row buffer, copied reversed). Rows that become columns (5–8) go a strip at a
// time into a small buffer that stays in cache, and each strip is written turned into the
// output, 4×4 pixels at a time. libjpeg-turbo writes rows at a 32-byte-aligned address with
// non-temporal stores (straight to memory, past the cache), so the strip's rows start 16 bytes
// off that alignment: the strip stays in cache for the turn (see docs/PERFORMANCE.md).
#ifndef CTURBOJPEG_TURNED_H
#define CTURBOJPEG_TURNED_H
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// libjpeg's error manager with a way back out of a fatal error and the last message kept.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char message[JMSG_LENGTH_MAX];
} ctj_error;

static void ctj_error_exit(j_common_ptr info) {
    ctj_error *error = (ctj_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->escape, 1);
}

static void ctj_emit_message(j_common_ptr info, int level) {
    ctj_error *error = (ctj_error *)info->err;
    if (level < 0) {
        // A warning: counted (what the caller checks) and its text kept for the log.
        error->base.num_warnings++;
        (*info->err->format_message)(info, error->message);
    }
}

/// As TurboJPEG's TJFLAG_LIMITSCANS: a progressive JPEG with more than 500 scans is refused.
static void ctj_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->is_decompressor && decompress->input_scan_number > 500) {
        ctj_error *error = (ctj_error *)info->err;
        snprintf(error->message, sizeof(error->message), "Progressive JPEG image has more than 500 scans");
        longjmp(error->escape, 1);
    }
}

#if defined(__has_builtin)
#if __has_builtin(__builtin_shufflevector)
#define CTJ_VECTOR 1
#endif
#endif

#ifdef CTJ_VECTOR
/// Four pixels; the compiler's portable vector type (SSE2 on x86-64, NEON on arm64), no intrinsics.
typedef uint32_t ctj_pixels4 __attribute__((vector_size(16)));

static inline ctj_pixels4 ctj_load4(const uint32_t *pixels) {
    ctj_pixels4 value;
    memcpy(&value, pixels, sizeof(value));
    return value;
}

static inline void ctj_store4(uint32_t *pixels, ctj_pixels4 value) { memcpy(pixels, &value, sizeof(value)); }
#endif

/// Writes `count` rows of `width` pixels, `pitch` pixels apart in `strip`, as columns: strip
/// pixel (x, r) goes to `out[x * across + r * down]`, with `down` 1 or -1.
static inline void ctj_turn_strip(const uint32_t *strip, size_t pitch, int width, int count, uint32_t *out,
                                  ptrdiff_t across, ptrdiff_t down) {
    int x = 0;
#ifdef CTJ_VECTOR
    if (count % 4 == 0) {
        // 4×4 blocks: four rows of four pixels in, transposed, four columns out, so a column of
        // the strip is written as 16-byte stores, the whole of each output run before the next.
        for (; x + 4 <= width; x += 4) {
            uint32_t *column = out + (ptrdiff_t)x * across;
            for (int r = 0; r < count; r += 4) {
                const uint32_t *in = strip + (size_t)r * pitch + x;
                ctj_pixels4 a = ctj_load4(in), b = ctj_load4(in + pitch);
                ctj_pixels4 c = ctj_load4(in + 2 * pitch), d = ctj_load4(in + 3 * pitch);
                ctj_pixels4 ab01 = __builtin_shufflevector(a, b, 0, 4, 1, 5), ab23 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
                ctj_pixels4 cd01 = __builtin_shufflevector(c, d, 0, 4, 1, 5), cd23 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
                uint32_t *to = column + (ptrdiff_t)r * down;
                if (down == 1) {
                    ctj_store4(to, __builtin_shufflevector(ab01, cd01, 0, 1, 4, 5));
                    ctj_store4(to + across, __builtin_shufflevector(ab01, cd01, 2, 3, 6, 7));
                    ctj_store4(to + 2 * across, __builtin_shufflevector(ab23, cd23, 0, 1, 4, 5));
                    ctj_store4(to + 3 * across, __builtin_shufflevector(ab23, cd23, 2, 3, 6, 7));
                } else {
                    // Reversed: the strip's rows r…r+3 land at to[0], to[-1], to[-2], to[-3].
                    ctj_store4(to - 3, __builtin_shufflevector(ab01, cd01, 5, 4, 1, 0));
                    ctj_store4(to - 3 + across, __builtin_shufflevector(ab01, cd01, 7, 6, 3, 2));
                    ctj_store4(to - 3 + 2 * across, __builtin_shufflevector(ab23, cd23, 5, 4, 1, 0));
                    ctj_store4(to - 3 + 3 * across, __builtin_shufflevector(ab23, cd23, 7, 6, 3, 2));
                }
            }
        }
    }
#endif
    for (; x < width; x++) {
        uint32_t *to = out + (ptrdiff_t)x * across;
        const uint32_t *from = strip + x;
        for (int r = 0; r < count; r++) to[(ptrdiff_t)r * down] = from[(size_t)r * pitch];
    }
}

/// Decodes rows that stay rows (orientations 2–4) into `out`: upside down for 3 and 4, each row
/// mirrored for 2 and 3. Rows not mirrored are decoded straight into their output row; mirrored
/// ones go through `row` (off libjpeg's alignment, so it stays in cache) and are copied reversed.
static inline void ctj_decode_rows(j_decompress_ptr info, uint32_t *out, uint32_t *row, int width, int height,
                                   int mirrored, int flipped) {
    while (info->output_scanline < info->output_height) {
        int y = (int)info->output_scanline;
        uint32_t *to = out + (size_t)(flipped ? height - 1 - y : y) * (size_t)width;
        JSAMPROW pointer = (JSAMPROW)(void *)(mirrored ? row : to);
        if (jpeg_read_scanlines(info, &pointer, 1) != 1) return;
        if (mirrored) for (int x = 0; x < width; x++) to[width - 1 - x] = row[x];
    }
}

/// Decodes rows that become columns (orientations 5–8) a strip at a time through `strip`
/// (`rows` rows of `pitch` pixels), each strip turned into `out`, where stored pixel (x, y)
/// goes to `out[first + x * across + y * down]`.
static inline void ctj_decode_columns(j_decompress_ptr info, uint32_t *out, uint32_t *strip, size_t pitch,
                                      int rows, int width, ptrdiff_t first, ptrdiff_t across, ptrdiff_t down) {
    JSAMPROW pointers[64];
    for (int i = 0; i < rows; i++) pointers[i] = (JSAMPROW)(void *)(strip + (size_t)i * pitch);
    while (info->output_scanline < info->output_height) {
        int top = (int)info->output_scanline, count = 0;
        while (count < rows && info->output_scanline < info->output_height) {
            JDIMENSION read = jpeg_read_scanlines(info, pointers + count, (JDIMENSION)(rows - count));
            if (read == 0) break;
            count += (int)read;
        }
        if (count == 0) return;
        ctj_turn_strip(strip, pitch, width, count, out + first + (ptrdiff_t)top * down, across, down);
    }
}

/// Decodes `data` to RGBA at full size into `out` (`width * height * 4` bytes, the *stored*
/// width and height, which the caller read from the header), turned upright by EXIF
/// `orientation` 2–8 (any other value: as stored). Returns 0 on success with `*warnings` libjpeg's warning count, -1 on a
/// fatal error; `message` (JMSG_LENGTH_MAX bytes) then holds libjpeg's last message.
static inline int ctj_decode_turned(const uint8_t *data, size_t size, uint8_t *out, int width, int height,
                                    int orientation, int *warnings, char *message) {
    struct jpeg_decompress_struct info;
    ctj_error error;
    struct jpeg_progress_mgr progress;
    // volatile: read after a longjmp.
    uint32_t *volatile strip = NULL;
    memset(&info, 0, sizeof(info));
    memset(&error, 0, sizeof(error));
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = ctj_error_exit;
    error.base.emit_message = ctj_emit_message;
    *warnings = 0;
    message[0] = 0;
    if (setjmp(error.escape)) {
        memcpy(message, error.message, JMSG_LENGTH_MAX);
        free(strip);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    progress.progress_monitor = ctj_progress;
    info.progress = &progress;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    if ((int)info.output_width != width || (int)info.output_height != height || info.output_components != 4) {
        snprintf(error.message, sizeof(error.message), "The JPEG decodes to %ux%u, not the %dx%d of its header",
                 info.output_width, info.output_height, width, height);
        longjmp(error.escape, 1);
    }
    uint32_t *target = (uint32_t *)(void *)out;
    int mirrored = orientation == 2 || orientation == 3, turned = orientation >= 5 && orientation <= 8;
    // Strips of 16 to 64 rows (one row when rows stay rows), as many as keep the strip near
    // 256 KB, within L2: taller strips write longer runs into each upright row.
    int rows = (int)((256 * 1024) / ((size_t)width * 4 + 64)) & ~15;
    rows = !turned ? 1 : rows < 16 ? 16 : rows > 64 ? 64 : rows;
    // A pitch of a multiple of 8 pixels (32 bytes, so every row has the first one's alignment)
    // plus one cache line: with a pitch of a multiple of 4 KB a column's pixels would all fall
    // in one L1 set and evict one another.
    size_t pitch = (((size_t)width + 7) & ~(size_t)7) + 16;
    if (turned || mirrored) {
        strip = malloc(pitch * 4 * (size_t)rows + 48);
        if (strip == NULL) {
            snprintf(error.message, sizeof(error.message), "Out of memory for a %d-pixel strip", width * rows);
            longjmp(error.escape, 1);
        }
    }
    // 16 bytes past a 32-byte boundary: libjpeg-turbo's SIMD colour conversion writes a row that
    // starts on a 32-byte boundary with non-temporal stores, which would send the strip to memory
    // just before the turn reads it back (measured: a third of the turned decode's time).
    uint32_t *first_row = strip == NULL ? NULL : (uint32_t *)(void *)((((uintptr_t)strip + 31) & ~(uintptr_t)31) + 16);
    if (!turned) {
        ctj_decode_rows(&info, target, first_row, width, height, mirrored, orientation == 3 || orientation == 4);
    } else {
        // Where stored pixel (x, y) goes: first + x * across + y * down, in pixels of the output.
        ptrdiff_t w = width, h = height, first = 0, across = h, down = 1;
        switch (orientation) {
        case 6: first = h - 1; across = h; down = -1; break;
        case 7: first = (w - 1) * h + h - 1; across = -h; down = -1; break;
        case 8: first = (w - 1) * h; across = -h; down = 1; break;
        default: break;  // 5: the transpose.
        }
        ctj_decode_columns(&info, target, first_row, pitch, rows, width, first, across, down);
    }
    if (info.output_scanline < info.output_height) {
        snprintf(error.message, sizeof(error.message), "libjpeg stopped after %u of %u rows", info.output_scanline,
                 info.output_height);
        longjmp(error.escape, 1);
    }
    jpeg_finish_decompress(&info);
    free(strip);
    jpeg_destroy_decompress(&info);
    *warnings = (int)error.base.num_warnings;
    if (*warnings > 0) memcpy(message, error.message, JMSG_LENGTH_MAX);
    return 0;
}

#endif
