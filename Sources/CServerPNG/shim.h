// The mock server's own shim for libpng's write API: the zoo's PNG variants need bit depths,
// colour types, palettes, tRNS, Adam7 interlacing and iCCP, which ImageCodec's shim does not
// write. libpng reports errors by longjmp, which must never cross Swift frames, so csp_write
// keeps setjmp, every libpng call and the longjmp target in C, and calls back into Swift only for
// row pixels and output bytes (callbacks that never fail).
#ifndef CSERVERPNG_SHIM_H
#define CSERVERPNG_SHIM_H
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>

/// How to encode.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// 1, 2, 4, 8 or 16 (as the colour type allows).
    int bit_depth;
    /// PNG_COLOR_TYPE_GRAY (0), RGB (2), PALETTE (3), GRAY_ALPHA (4) or RGB_ALPHA (6).
    int color_type;
    /// Nonzero: Adam7 interlacing.
    int interlace;
    /// The zlib level, 0...9.
    int level;
    /// `palette_entries` RGB triples (PLTE), or NULL.
    const uint8_t *palette;
    int palette_entries;
    /// `trns_count` alpha values of the first palette entries (tRNS), or NULL.
    const uint8_t *trns;
    int trns_count;
    /// An ICC profile (iCCP, named `icc_name`), or NULL.
    const uint8_t *icc;
    uint32_t icc_length;
    const char *icc_name;
} csp_options;

/// Fills `row` (the row's bytes, 16-bit samples big-endian) with the pixels of row `y`; with
/// interlacing it is asked for every row once per pass. Must not call libpng.
typedef void (*csp_row_fn)(void *context, uint32_t y, uint8_t *row);

/// Receives the next `count` bytes of the encoded PNG. Must not call libpng.
typedef void (*csp_write_fn)(void *context, const uint8_t *bytes, size_t count);

/// State reachable from libpng's callbacks.
typedef struct {
    csp_write_fn write;
    void *write_context;
    char *message;
    size_t message_capacity;
} csp_io;

static inline void csp_set_message(csp_io *io, const char *text) {
    if (io->message == NULL || io->message_capacity == 0) return;
    size_t length = strlen(text);
    if (length >= io->message_capacity) length = io->message_capacity - 1;
    memcpy(io->message, text, length);
    io->message[length] = '\0';
}

static inline void csp_on_error(png_structp png, png_const_charp message) {
    csp_set_message((csp_io *)png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

static inline void csp_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static inline void csp_on_write(png_structp png, png_bytep data, size_t length) {
    csp_io *io = (csp_io *)png_get_io_ptr(png);
    io->write(io->write_context, data, length);
}

static inline void csp_on_flush(png_structp png) { (void)png; }

/// Bytes in one row of `options`' image.
static inline size_t csp_row_bytes(const csp_options *options) {
    int channels = options->color_type == PNG_COLOR_TYPE_RGB         ? 3
                   : options->color_type == PNG_COLOR_TYPE_RGB_ALPHA  ? 4
                   : options->color_type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
                                                                      : 1;
    return ((size_t)options->width * (size_t)channels * (size_t)options->bit_depth + 7) / 8;
}

/// Encodes the image row by row. Returns 1 on success; 0 with libpng's message on failure.
static inline int csp_write(const csp_options *options, csp_row_fn rows, void *rows_context,
                            csp_write_fn write, void *write_context, char *message,
                            size_t message_capacity) {
    csp_io io = { write, write_context, message, message_capacity };
    if (options->width == 0 || options->height == 0 || options->level < 0 || options->level > 9) {
        csp_set_message(&io, "invalid arguments");
        return 0;
    }
    size_t row_size = csp_row_bytes(options);
    uint8_t *row = (uint8_t *)malloc(row_size);
    if (row == NULL) {
        csp_set_message(&io, "out of memory");
        return 0;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &io, csp_on_error, csp_on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(row);
        csp_set_message(&io, "out of memory");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return 0;
    }
    png_set_write_fn(png, &io, csp_on_write, csp_on_flush);
    png_set_IHDR(png, info, options->width, options->height, options->bit_depth, options->color_type,
                 options->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (options->palette != NULL) {
        png_color colors[256];
        int count = options->palette_entries > 256 ? 256 : options->palette_entries;
        for (int index = 0; index < count; index++) {
            colors[index].red = options->palette[index * 3];
            colors[index].green = options->palette[index * 3 + 1];
            colors[index].blue = options->palette[index * 3 + 2];
        }
        png_set_PLTE(png, info, colors, count);
    }
    if (options->trns != NULL) {
        png_set_tRNS(png, info, options->trns, options->trns_count, NULL);
    }
    if (options->icc != NULL) {
        png_set_iCCP(png, info, options->icc_name, PNG_COMPRESSION_TYPE_BASE, options->icc, options->icc_length);
    }
    png_set_compression_level(png, options->level);
    png_write_info(png, info);
    int passes = options->interlace ? png_set_interlace_handling(png) : 1;
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < options->height; y++) {
            memset(row, 0, row_size);
            rows(rows_context, y, row);
            png_write_row(png, row);
        }
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 1;
}

/// zlib's CRC-32, as PNG chunks use it.
static inline uint32_t csp_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    return (uint32_t)crc32_z(crc, bytes, count);
}

#endif
