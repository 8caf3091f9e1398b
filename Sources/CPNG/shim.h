// Shim for libpng 1.6. Decoding uses the simplified API (png_image_*) from Swift directly.
// Encoding needs the full write API, whose errors arrive by longjmp; a longjmp must never cross
// Swift frames, so cpng_write_rows keeps setjmp, every libpng call and the longjmp target in C,
// and calls back into Swift only for row pixels and output bytes (callbacks that never fail).
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>

/// PNG_FORMAT_RGBA for the simplified API; Swift cannot import the macro (it ORs other macros).
static const uint32_t cpng_format_rgba = PNG_FORMAT_RGBA;

/// Fills `row` (width * channels bytes) with the pixels of row `y`. Must not call libpng.
typedef void (*cpng_row_fn)(void *context, uint32_t y, uint8_t *row);

/// Receives the next `count` bytes of the encoded PNG. Must not call libpng.
typedef void (*cpng_write_fn)(void *context, const uint8_t *bytes, size_t count);

/// State reachable from libpng's callbacks through png_get_error_ptr / png_get_io_ptr.
typedef struct {
    cpng_write_fn write;
    void *write_context;
    char *message;
    size_t message_capacity;
} cpng_io;

/// Copies `text` into the caller's message buffer, truncating and always NUL-terminating.
static inline void cpng_set_message(cpng_io *io, const char *text) {
    if (io->message == NULL || io->message_capacity == 0) return;
    size_t length = strlen(text);
    if (length >= io->message_capacity) length = io->message_capacity - 1;
    memcpy(io->message, text, length);
    io->message[length] = '\0';
}

/// libpng error callback: keep the message, then unwind to the setjmp in cpng_write_rows.
static inline void cpng_on_error(png_structp png, png_const_charp message) {
    cpng_set_message((cpng_io *)png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

/// libpng warning callback: warnings are not failures, and libpng must not print to stderr.
static inline void cpng_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// libpng output callback: forward the bytes to Swift.
static inline void cpng_on_write(png_structp png, png_bytep data, size_t length) {
    cpng_io *io = (cpng_io *)png_get_io_ptr(png);
    io->write(io->write_context, data, length);
}

/// libpng flush callback: output goes to memory, so there is nothing to flush. (A NULL flush
/// function would make libpng fflush its io pointer as if it were a FILE *.)
static inline void cpng_on_flush(png_structp png) { (void)png; }

/// Encodes an 8-bit RGB (channels 3) or RGBA (channels 4) PNG one row at a time: memory use is
/// one row plus zlib's window, whatever the height. `level` is the zlib level, 0...9.
/// Returns 1 on success; 0 on failure, with libpng's message in `message`.
static inline int cpng_write_rows(uint32_t width, uint32_t height, int channels, int level,
                                  cpng_row_fn rows, void *rows_context,
                                  cpng_write_fn write, void *write_context,
                                  char *message, size_t message_capacity) {
    cpng_io io = { write, write_context, message, message_capacity };
    if (width == 0 || height == 0 || (channels != 3 && channels != 4) || level < 0 || level > 9) {
        cpng_set_message(&io, "invalid arguments");
        return 0;
    }
    // Allocated before setjmp so the error path can free it without volatile qualifiers.
    size_t row_size = (size_t)width * (size_t)channels;
    uint8_t *row = (uint8_t *)malloc(row_size);
    if (row == NULL) {
        cpng_set_message(&io, "out of memory");
        return 0;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &io, cpng_on_error,
                                              cpng_on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(row);
        cpng_set_message(&io, "out of memory");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        // Reached from cpng_on_error; `png`, `info` and `row` are unchanged since setjmp.
        png_destroy_write_struct(&png, &info);
        free(row);
        return 0;
    }
    png_set_write_fn(png, &io, cpng_on_write, cpng_on_flush);
    png_set_IHDR(png, info, width, height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    if (level <= 1) {
        // Stored or fastest data gains little from filtering, and libpng's per-row trial of
        // all five filters costs more than zlib at these levels (20000x20000 at level 1:
        // 6.6 s with the trial, 1.6 s without, same size within 0.01%).
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    }
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        memset(row, 0, row_size);  // Bytes a callback leaves unset are black, not the last row.
        rows(rows_context, y, row);
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 1;
}

/// zlib's CRC-32 over `count` bytes, as PNG chunks use it; `count` may exceed UINT_MAX.
static inline uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    return (uint32_t)crc32_z(crc, bytes, count);
}

#endif
