// The peers of case 4's decode rows: each library's own simple decoding API, called directly,
// first image (frame) to 8-bit RGBA in a caller's buffer of width * height * 4 bytes. Each
// function returns 1 on success, 0 on any failure.
#ifndef CBENCHDECODE_SHIM_H
#define CBENCHDECODE_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <gif_lib.h>
#include <webp/decode.h>
#include <avif/avif.h>
#include <libheif/heif.h>

/// Where giflib's read callback is in the data.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} cbench_gif_cursor;

static int cbench_gif_read(GifFileType *gif, GifByteType *out, int length) {
    cbench_gif_cursor *cursor = (cbench_gif_cursor *)gif->UserData;
    size_t left = cursor->size - cursor->offset;
    size_t count = (size_t)length < left ? (size_t)length : left;
    memcpy(out, cursor->data + cursor->offset, count);
    cursor->offset += count;
    return (int)count;
}

/// giflib: DGifOpen over memory, DGifSlurp, then the first frame's indices through its palette
/// onto a transparent logical screen (the transparent index of its graphics control block left clear).
static inline int cbench_gif_decode(const uint8_t *data, size_t size, uint8_t *out, size_t out_size) {
    cbench_gif_cursor cursor = {data, size, 0};
    int error = 0;
    GifFileType *gif = DGifOpen(&cursor, cbench_gif_read, &error);
    if (gif == NULL) return 0;
    int ok = DGifSlurp(gif) == GIF_OK && gif->ImageCount > 0
        && (size_t)gif->SWidth * (size_t)gif->SHeight * 4 == out_size;
    if (ok) {
        SavedImage *frame = &gif->SavedImages[0];
        ColorMapObject *map = frame->ImageDesc.ColorMap != NULL ? frame->ImageDesc.ColorMap : gif->SColorMap;
        GraphicsControlBlock control;
        int transparent = DGifSavedExtensionToGCB(gif, 0, &control) == GIF_OK ? control.TransparentColor : -1;
        memset(out, 0, out_size);
        int left = frame->ImageDesc.Left, top = frame->ImageDesc.Top;
        int width = frame->ImageDesc.Width, height = frame->ImageDesc.Height;
        ok = map != NULL;
        for (int y = 0; ok && y < height; y++) {
            if (top + y >= gif->SHeight) break;
            const GifByteType *row = frame->RasterBits + (size_t)y * width;
            uint8_t *target = out + ((size_t)(top + y) * gif->SWidth + left) * 4;
            for (int x = 0; x < width && left + x < gif->SWidth; x++) {
                int index = row[x];
                if (index == transparent || index >= map->ColorCount) continue;
                GifColorType color = map->Colors[index];
                target[x * 4] = color.Red;
                target[x * 4 + 1] = color.Green;
                target[x * 4 + 2] = color.Blue;
                target[x * 4 + 3] = 255;
            }
        }
    }
    DGifCloseFile(gif, &error);
    return ok;
}

/// libwebp: WebPDecodeRGBAInto.
static inline int cbench_webp_decode(const uint8_t *data, size_t size, uint8_t *out, size_t out_size, int width) {
    return WebPDecodeRGBAInto(data, size, out, out_size, width * 4) != NULL;
}

/// libavif: avifDecoderReadMemory (one thread, as ImageCodec runs it), then avifImageYUVToRGB.
static inline int cbench_avif_decode(const uint8_t *data, size_t size, uint8_t *out, size_t out_size) {
    avifDecoder *decoder = avifDecoderCreate();
    avifImage *image = avifImageCreateEmpty();
    int ok = 0;
    if (decoder != NULL && image != NULL) {
        decoder->maxThreads = 1;
        if (avifDecoderReadMemory(decoder, image, data, size) == AVIF_RESULT_OK
            && (size_t)image->width * image->height * 4 == out_size) {
            avifRGBImage rgb;
            avifRGBImageSetDefaults(&rgb, image);
            rgb.format = AVIF_RGB_FORMAT_RGBA;
            rgb.depth = 8;
            rgb.pixels = out;
            rgb.rowBytes = image->width * 4;
            ok = avifImageYUVToRGB(image, &rgb) == AVIF_RESULT_OK;
        }
    }
    if (image != NULL) avifImageDestroy(image);
    if (decoder != NULL) avifDecoderDestroy(decoder);
    return ok;
}

/// libheif: the primary image decoded to interleaved RGBA, its rows copied out (libheif pads them).
static inline int cbench_heif_decode(const uint8_t *data, size_t size, uint8_t *out, size_t out_size) {
    struct heif_context *context = heif_context_alloc();
    if (context == NULL) return 0;
    int ok = 0;
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    if (heif_context_read_from_memory_without_copy(context, data, size, NULL).code == heif_error_Ok
        && heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok
        && heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL).code == heif_error_Ok) {
        int width = heif_image_get_width(image, heif_channel_interleaved);
        int height = heif_image_get_height(image, heif_channel_interleaved);
        int stride = 0;
        const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
        if (plane != NULL && (size_t)width * height * 4 == out_size) {
            for (int y = 0; y < height; y++) memcpy(out + (size_t)y * width * 4, plane + (size_t)y * stride, (size_t)width * 4);
            ok = 1;
        }
    }
    if (image != NULL) heif_image_release(image);
    if (handle != NULL) heif_image_handle_release(handle);
    heif_context_free(context);
    return ok;
}
#endif
