// The mock server's own shim for libjpeg's classic API (jpeglib.h): the zoo's JPEG variants need
// what TurboJPEG's API cannot write (progressive and arithmetic coding, restart markers, CMYK
// and YCCK with the Adobe marker, APP1 and ICC markers). libjpeg reports errors by longjmp, which
// must never cross Swift frames, so csj_encode keeps setjmp, every libjpeg call and the longjmp
// target in C, and calls back into Swift only for row pixels (a callback that never fails).
#ifndef CSERVERJPEG_SHIM_H
#define CSERVERJPEG_SHIM_H
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// The input rows' colour model, and what the file stores.
typedef enum {
    /// RGB rows (3 bytes a pixel), stored as YCbCr with 4:2:0 subsampling.
    csj_color_rgb = 0,
    /// Gray rows (1 byte a pixel), stored as one component.
    csj_color_gray = 1,
    /// CMYK rows (4 bytes a pixel, inverted as Photoshop writes them), stored as CMYK with an
    /// Adobe APP14 marker (transform 0).
    csj_color_cmyk = 2,
    /// CMYK rows as above, stored as YCCK with an Adobe APP14 marker (transform 2).
    csj_color_ycck = 3,
} csj_color;

/// How to encode.
typedef struct {
    uint32_t width;
    uint32_t height;
    csj_color color;
    /// 1...100.
    int quality;
    /// Nonzero: libjpeg's default progressive script (jpeg_simple_progression).
    int progressive;
    /// Nonzero: arithmetic instead of Huffman coding.
    int arithmetic;
    /// MCU rows per restart interval; 0 for none.
    int restart_rows;
    /// Nonzero: write the JFIF APP0 marker (libjpeg's default for RGB and gray).
    int jfif;
    /// The payload of one APP1 marker (e.g. "Exif\0\0" and a TIFF structure), or NULL.
    const uint8_t *app1;
    size_t app1_length;
    /// An ICC profile, written as APP2 markers (jpeg_write_icc_profile), or NULL.
    const uint8_t *icc;
    size_t icc_length;
} csj_options;

/// Fills `row` (width * components bytes) with the pixels of row `y`. Must not call libjpeg.
typedef void (*csj_row_fn)(void *context, uint32_t y, uint8_t *row);

/// libjpeg's error manager, with the jump target and the caller's message buffer.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t capacity;
} csj_error;

/// The output buffer jpeg_mem_dest fills, on the heap so the error path sees its latest value.
typedef struct {
    unsigned char *bytes;
    unsigned long length;
} csj_output;

/// libjpeg error callback: keep the message, then unwind to the setjmp in csj_encode.
static inline void csj_on_error(j_common_ptr cinfo) {
    csj_error *error = (csj_error *)cinfo->err;
    if (error->message != NULL && error->capacity > 0) {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        size_t length = strlen(text);
        if (length >= error->capacity) length = error->capacity - 1;
        memcpy(error->message, text, length);
        error->message[length] = '\0';
    }
    longjmp(error->jump, 1);
}

/// libjpeg message callback: warnings and traces are not failures, and nothing goes to stderr.
static inline void csj_on_message(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

/// Encodes `height` rows asked of `rows` in turn. On success returns 1 and sets `*output` (free
/// it with csj_free) and `*output_length`; on failure returns 0 with libjpeg's message.
static inline int csj_encode(const csj_options *options, csj_row_fn rows, void *context,
                             uint8_t **output, size_t *output_length, char *message,
                             size_t capacity) {
    int components = options->color == csj_color_rgb ? 3 : options->color == csj_color_gray ? 1 : 4;
    uint8_t *row = (uint8_t *)malloc((size_t)options->width * (size_t)components);
    csj_output *out = (csj_output *)calloc(1, sizeof(csj_output));
    if (row == NULL || out == NULL) {
        free(row);
        free(out);
        if (message != NULL && capacity > 0) snprintf(message, capacity, "out of memory");
        return 0;
    }
    struct jpeg_compress_struct cinfo;
    csj_error error;
    error.message = message;
    error.capacity = capacity;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = csj_on_error;
    error.base.emit_message = csj_on_message;
    if (setjmp(error.jump)) {
        // `row` and `out` are unchanged since setjmp; out->bytes is libjpeg's latest buffer.
        jpeg_destroy_compress(&cinfo);
        free(out->bytes);
        free(out);
        free(row);
        return 0;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &out->bytes, &out->length);
    cinfo.image_width = options->width;
    cinfo.image_height = options->height;
    cinfo.input_components = components;
    cinfo.in_color_space = options->color == csj_color_rgb    ? JCS_RGB
                           : options->color == csj_color_gray ? JCS_GRAYSCALE
                                                               : JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    if (options->color == csj_color_ycck) jpeg_set_colorspace(&cinfo, JCS_YCCK);
    jpeg_set_quality(&cinfo, options->quality, TRUE);
    if (options->progressive) jpeg_simple_progression(&cinfo);
    cinfo.arith_code = options->arithmetic ? TRUE : FALSE;
    cinfo.restart_in_rows = options->restart_rows;
    if (!options->jfif) cinfo.write_JFIF_header = FALSE;
    jpeg_start_compress(&cinfo, TRUE);
    if (options->app1 != NULL) {
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, options->app1, (unsigned int)options->app1_length);
    }
    if (options->icc != NULL) {
        jpeg_write_icc_profile(&cinfo, options->icc, (unsigned int)options->icc_length);
    }
    while (cinfo.next_scanline < cinfo.image_height) {
        memset(row, 0, (size_t)options->width * (size_t)components);
        rows(context, cinfo.next_scanline, row);
        JSAMPROW pointer = row;
        jpeg_write_scanlines(&cinfo, &pointer, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *output = out->bytes;
    *output_length = (size_t)out->length;
    free(out);
    free(row);
    return 1;
}

/// Frees csj_encode's output.
static inline void csj_free(uint8_t *bytes) { free(bytes); }

#endif
