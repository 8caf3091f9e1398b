// Shim for libheif: ImageCodec reads a HEIC's primary image size and decodes it to interleaved
// 8-bit RGBA, irot/imir applied by libheif.
#ifndef CHEIF_SHIM_H
#define CHEIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <libheif/heif.h>

/// What cheif_read found: the primary image's size (after its transformations), the number of
/// top-level images, and libheif's error code, subcode and message.
typedef struct {
    int width;
    int height;
    int image_count;
    int code;
    int subcode;
    char message[256];
} cheif_info;

static inline void cheif_note(cheif_info *info, struct heif_error error) {
    info->code = error.code;
    info->subcode = error.subcode;
    if (error.message != NULL) strncpy(info->message, error.message, sizeof(info->message) - 1);
}

/// Reads a HEIF file's primary image; with `out` not NULL decodes it into `out` (`width *
/// height * 4` bytes, `out_size`, straight RGBA). Returns 1 on success.
static inline int cheif_read(const uint8_t *data, size_t size, uint8_t *out, size_t out_size, cheif_info *info) {
    memset(info, 0, sizeof(*info));
    struct heif_context *context = heif_context_alloc();
    if (context == NULL) { info->code = heif_error_Memory_allocation_error; return 0; }
    int ok = 0;
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    struct heif_error error = heif_context_read_from_memory_without_copy(context, data, size, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(context, &handle);
    if (error.code != heif_error_Ok) { cheif_note(info, error); goto done; }
    info->width = heif_image_handle_get_width(handle);
    info->height = heif_image_handle_get_height(handle);
    info->image_count = heif_context_get_number_of_top_level_images(context);
    if (out == NULL) { ok = 1; goto done; }
    if ((size_t)info->width * (size_t)info->height * 4 != out_size) { info->code = heif_error_Usage_error; goto done; }
    error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL);
    if (error.code != heif_error_Ok) { cheif_note(info, error); goto done; }
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    // The buffer was sized by the handle; a decoded image of another size (or depth) is refused.
    if (plane == NULL || heif_image_get_width(image, heif_channel_interleaved) != info->width
        || heif_image_get_height(image, heif_channel_interleaved) != info->height
        || heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) != 8
        || stride < info->width * 4) {
        info->code = heif_error_Unsupported_feature;
        strncpy(info->message, "decoded image differs from its header", sizeof(info->message) - 1);
        goto done;
    }
    for (int y = 0; y < info->height; y++) {
        memcpy(out + (size_t)y * info->width * 4, plane + (size_t)y * stride, (size_t)info->width * 4);
    }
    ok = 1;
done:
    if (image != NULL) heif_image_release(image);
    if (handle != NULL) heif_image_handle_release(handle);
    heif_context_free(context);
    return ok;
}

#endif
