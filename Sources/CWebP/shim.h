// Shim for libwebp and libwebpdemux: ImageCodec decodes still WebP images with WebPDecode (and
// its own scaling), and animated ones' first frame with WebPAnimDecoder, counting the frames
// and reading their durations with WebPDemux. The config initialisers are inline functions
// around an ABI-versioned call, simpler to call from C.
#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>

/// Decodes a still WebP image into `out` (`stride * height` bytes of straight RGBA), at
/// `width` × `height`: libwebp scales while decoding when that is not the stored size.
/// Returns libwebp's VP8StatusCode (0 is success).
static inline int cwebp_decode_rgba(const uint8_t *data, size_t size, uint8_t *out, size_t out_size,
                                    int width, int height, int scale) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return VP8_STATUS_INVALID_PARAM;
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = width * 4;
    config.output.u.RGBA.size = out_size;
    if (scale) {
        config.options.use_scaling = 1;
        config.options.scaled_width = width;
        config.options.scaled_height = height;
    }
    int status = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    return status;
}

/// What the demuxer reads from a WebP container without decoding any frame.
typedef struct {
    int canvas_width;
    int canvas_height;
    int frame_count;
    int loop_count;
    int animated;
} cwebp_container;

/// Reads the canvas size, frame count, loop count and whether the image is animated. Returns 0
/// when the demuxer refuses the data (a malformed or truncated container).
static inline int cwebp_read_container(const uint8_t *data, size_t size, cwebp_container *info) {
    WebPData webp = { data, size };
    WebPDemuxer *demux = WebPDemux(&webp);
    if (demux == NULL) return 0;
    info->canvas_width = (int)WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    info->canvas_height = (int)WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    info->frame_count = (int)WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    info->loop_count = (int)WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT);
    info->animated = (WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ANIMATION_FLAG) != 0;
    WebPDemuxDelete(demux);
    return 1;
}

/// Writes the display duration in milliseconds of the first `count` frames into `durations`,
/// without decoding them. Returns the number written.
static inline int cwebp_frame_durations(const uint8_t *data, size_t size, int *durations, int count) {
    WebPData webp = { data, size };
    WebPDemuxer *demux = WebPDemux(&webp);
    if (demux == NULL) return 0;
    int written = 0;
    WebPIterator iter;
    if (WebPDemuxGetFrame(demux, 1, &iter)) {
        do {
            durations[written++] = iter.duration;
        } while (written < count && WebPDemuxNextFrame(&iter));
        WebPDemuxReleaseIterator(&iter);
    }
    WebPDemuxDelete(demux);
    return written;
}

/// The payload of the container's first EXIF chunk copied into `out` (at most `capacity`
/// bytes); returns its full size, 0 when there is none.
static inline size_t cwebp_exif(const uint8_t *data, size_t size, uint8_t *out, size_t capacity) {
    WebPData webp = { data, size };
    WebPDemuxer *demux = WebPDemux(&webp);
    if (demux == NULL) return 0;
    size_t found = 0;
    WebPChunkIterator chunk;
    if (WebPDemuxGetChunk(demux, "EXIF", 1, &chunk)) {
        found = chunk.chunk.size;
        memcpy(out, chunk.chunk.bytes, found < capacity ? found : capacity);
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    WebPDemuxDelete(demux);
    return found;
}

/// Decodes the first frame of an animated WebP, composited on its canvas, into `out`
/// (`canvas_width * canvas_height * 4` bytes of straight RGBA). Returns 1 on success.
static inline int cwebp_decode_first_frame(const uint8_t *data, size_t size, uint8_t *out, size_t out_size) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return 0;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = { data, size };
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&webp, &options);
    if (decoder == NULL) return 0;
    WebPAnimInfo info;
    uint8_t *frame = NULL;
    int timestamp = 0;
    int ok = WebPAnimDecoderGetInfo(decoder, &info)
        && (size_t)info.canvas_width * info.canvas_height * 4 == out_size
        && WebPAnimDecoderGetNext(decoder, &frame, &timestamp);
    if (ok) memcpy(out, frame, out_size);
    WebPAnimDecoderDelete(decoder);
    return ok;
}

#endif
