// Decoding a JPEG straight into its upright orientation (EXIF 2–8) with libjpeg's scanline API:
// a strip of up to 16 rows at a time goes into a small buffer that stays in cache and is written
// turned into the output, so the stored-orientation image never exists and no separate pass
// over the whole picture is made.
#ifndef CTURBOJPEG_TURNED_H
#define CTURBOJPEG_TURNED_H
#include <setjmp.h>
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

/// Decodes `data` to RGBA at full size into `out` (`width * height * 4` bytes, the *stored*
/// width and height, which the caller read from the header), turned upright by EXIF
/// `orientation` 2–8. Returns 0 on success with `*warnings` libjpeg's warning count, -1 on a
/// fatal error; `message` (JMSG_LENGTH_MAX bytes) then holds libjpeg's last message.
static inline int ctj_decode_turned(const uint8_t *data, size_t size, uint8_t *out, int width, int height,
                                    int orientation, int *warnings, char *message) {
    struct jpeg_decompress_struct info;
    ctj_error error;
    struct jpeg_progress_mgr progress;
    // volatile: read after a longjmp.
    uint8_t *volatile strip = NULL;
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
    enum { rows = 16 };
    // Strip rows one cache line longer than a row: with a pitch of a multiple of 4 KB (1024
    // pixels) a column's 16 pixels would all fall in one L1 set and evict one another.
    size_t pitch = (size_t)width + 16;
    strip = malloc(pitch * 4 * rows);
    if (strip == NULL) {
        snprintf(error.message, sizeof(error.message), "Out of memory for a %d-pixel strip", width * rows);
        longjmp(error.escape, 1);
    }
    // Where stored pixel (x, y) goes: first + x * across + y * down, in pixels of the output.
    ptrdiff_t w = width, h = height, first = 0, across = 1, down = w;
    switch (orientation) {
    case 2: first = w - 1; across = -1; down = w; break;
    case 3: first = (h - 1) * w + w - 1; across = -1; down = -w; break;
    case 4: first = (h - 1) * w; across = 1; down = -w; break;
    case 5: first = 0; across = h; down = 1; break;
    case 6: first = h - 1; across = h; down = -1; break;
    case 7: first = (w - 1) * h + h - 1; across = -h; down = -1; break;
    case 8: first = (w - 1) * h; across = -h; down = 1; break;
    default: break;
    }
    uint32_t *target = (uint32_t *)(void *)out;
    JSAMPROW pointers[rows];
    while (info.output_scanline < info.output_height) {
        int top = (int)info.output_scanline, count = 0;
        while (count < rows && info.output_scanline < info.output_height) {
            for (int i = count; i < rows; i++) pointers[i] = strip + (size_t)i * pitch * 4;
            JDIMENSION read = jpeg_read_scanlines(&info, pointers + count, (JDIMENSION)(rows - count));
            if (read == 0) break;
            count += (int)read;
        }
        if (count == 0) break;
        const uint32_t *source = (const uint32_t *)(const void *)strip;
        if (across == 1 || across == -1) {
            // Rows stay rows (2–4): each is copied, reversed for 2 and 3.
            for (int r = 0; r < count; r++) {
                uint32_t *to = target + first + (ptrdiff_t)(top + r) * down;
                const uint32_t *from = source + (size_t)r * pitch;
                if (across == 1) memcpy(to, from, (size_t)width * 4);
                else for (int x = 0; x < width; x++) to[-x] = from[x];
            }
        } else {
            // Rows become columns (5–8): the strip's `count` pixels of one column land side by
            // side in one output row, a whole cache line for a 16-row strip.
            for (int x = 0; x < width; x++) {
                uint32_t *to = target + first + (ptrdiff_t)x * across + (ptrdiff_t)top * down;
                const uint32_t *from = source + x;
                for (int r = 0; r < count; r++) to[(ptrdiff_t)r * down] = from[(size_t)r * pitch];
            }
        }
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
