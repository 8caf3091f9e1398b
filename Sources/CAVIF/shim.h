// Shim for libavif: ImageCodec reads an AVIF's header (size, frame count) with avifDecoderParse
// and decodes its first image to 8-bit RGBA with avifDecoderNextImage and avifImageYUVToRGB.
#ifndef CAVIF_SHIM_H
#define CAVIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <avif/avif.h>

/// What cavif_read found: the image size (from `ispe`), the frame count, the `irot` quarter
/// turns (anti-clockwise), the `imir` (0: none, 1: top and bottom exchanged, 2: left and right
/// exchanged; libavif's `imir.mode` plus one), libavif's result code and its diagnostic message.
typedef struct {
    int width;
    int height;
    int frame_count;
    int rotation;
    int mirrored;
    int result;
    char message[256];
} cavif_info;

/// Parses an AVIF and, when `out` is not NULL, decodes its first image into `out` (`width *
/// height * 4` bytes, `out_size`, straight RGBA, 8 bits) and writes the first `durations_capacity`
/// frame durations in milliseconds. libavif's own limits: `size_limit` pixels (at most its
/// default, 16384 × 16384), no separate side limit, one thread. Returns 1 on success.
static inline int cavif_read(const uint8_t *data, size_t size, uint32_t size_limit, uint8_t *out, size_t out_size,
                             int *durations, int durations_capacity, cavif_info *info) {
    memset(info, 0, sizeof(*info));
    avifDecoder *decoder = avifDecoderCreate();
    if (decoder == NULL) { info->result = AVIF_RESULT_OUT_OF_MEMORY; return 0; }
    decoder->maxThreads = 1;
    decoder->imageSizeLimit = size_limit;
    decoder->imageDimensionLimit = 0;
    decoder->ignoreXMP = AVIF_TRUE;
    avifResult result = avifDecoderSetIOMemory(decoder, data, size);
    if (result == AVIF_RESULT_OK) result = avifDecoderParse(decoder);
    if (result == AVIF_RESULT_OK) {
        info->width = (int)decoder->image->width;
        info->height = (int)decoder->image->height;
        info->frame_count = decoder->imageCount;
        if (decoder->image->transformFlags & AVIF_TRANSFORM_IROT) info->rotation = decoder->image->irot.angle & 3;
        if (decoder->image->transformFlags & AVIF_TRANSFORM_IMIR) info->mirrored = 1 + (decoder->image->imir.mode & 1);
        if (out != NULL) {
            if ((size_t)decoder->image->width * decoder->image->height * 4 != out_size) {
                result = AVIF_RESULT_INVALID_ARGUMENT;
            } else {
                result = avifDecoderNextImage(decoder);
            }
            // The AV1 data decides the decoded size; one that differs from the header's `ispe`
            // would not fit the buffer sized by it.
            if (result == AVIF_RESULT_OK
                && ((int)decoder->image->width != info->width || (int)decoder->image->height != info->height)) {
                result = AVIF_RESULT_ISPE_SIZE_MISMATCH;
            }
            if (result == AVIF_RESULT_OK) {
                avifRGBImage rgb;
                avifRGBImageSetDefaults(&rgb, decoder->image);
                rgb.format = AVIF_RGB_FORMAT_RGBA;
                rgb.depth = 8;
                rgb.pixels = out;
                rgb.rowBytes = decoder->image->width * 4;
                result = avifImageYUVToRGB(decoder->image, &rgb);
            }
            for (int i = 0; result == AVIF_RESULT_OK && i < decoder->imageCount && i < durations_capacity; i++) {
                avifImageTiming timing;
                durations[i] = avifDecoderNthImageTiming(decoder, (uint32_t)i, &timing) == AVIF_RESULT_OK
                    ? (int)(timing.duration * 1000.0 + 0.5) : 0;
            }
        }
    }
    info->result = (int)result;
    strncpy(info->message, decoder->diag.error, sizeof(info->message) - 1);
    avifDecoderDestroy(decoder);
    return result == AVIF_RESULT_OK;
}

#endif
