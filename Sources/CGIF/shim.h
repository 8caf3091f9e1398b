// Shim for giflib (no pkg-config file on Debian: the module map links "gif"). ImageCodec reads
// a GIF from memory with cgif_read: the logical screen first, then the first frame decoded onto
// it, and every later frame's compressed data skipped (counted, never decompressed).
#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <gif_lib.h>

/// Memory the read callback serves bytes from.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} cgif_source;

static inline int cgif_read_memory(GifFileType *gif, GifByteType *buffer, int length) {
    cgif_source *source = (cgif_source *)gif->UserData;
    size_t left = source->size - source->offset;
    size_t count = length < 0 ? 0 : ((size_t)length < left ? (size_t)length : left);
    memcpy(buffer, source->data + source->offset, count);
    source->offset += count;
    return (int)count;
}

/// What cgif_read found: the logical screen, the frames, and giflib's error code (0 for none).
typedef struct {
    int screen_width;
    int screen_height;
    int frame_count;
    int loop_count;
    int error;
} cgif_info;

/// Reads a GIF. With `out` NULL only the screen descriptor is read (`info` gets the size).
/// Otherwise `out` (`screen_width * screen_height * 4` bytes, `out_size`) receives the first
/// frame composited on a transparent screen, the frames are counted and the first
/// `durations_capacity` delays (milliseconds) written to `durations`. `line` is a scratch
/// buffer of at least 65,536 bytes. Returns 1 on success, 0 with `info->error` set.
static inline int cgif_read(const uint8_t *data, size_t size, uint8_t *out, size_t out_size, uint8_t *line,
                            int *durations, int durations_capacity, cgif_info *info) {
    cgif_source source = { data, size, 0 };
    int error = 0;
    memset(info, 0, sizeof(*info));
    GifFileType *gif = DGifOpen(&source, cgif_read_memory, &error);
    if (gif == NULL) { info->error = error ? error : D_GIF_ERR_NOT_ENOUGH_MEM; return 0; }
    info->screen_width = gif->SWidth;
    info->screen_height = gif->SHeight;
    if (out == NULL) { DGifCloseFile(gif, &error); return 1; }
    if ((size_t)gif->SWidth * (size_t)gif->SHeight * 4 != out_size) {
        info->error = D_GIF_ERR_DATA_TOO_BIG; DGifCloseFile(gif, &error); return 0;
    }
    int ok = 1, delay = 0, transparent = -1;
    GifRecordType record;
    do {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) { ok = 0; break; }
        if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) { ok = 0; break; }
            GifImageDesc *desc = &gif->Image;
            int frame = info->frame_count++;
            if (frame < durations_capacity) durations[frame] = delay * 10;
            if (frame == 0) {
                ColorMapObject *map = desc->ColorMap ? desc->ColorMap : gif->SColorMap;
                if (map == NULL) { gif->Error = D_GIF_ERR_NO_COLOR_MAP; ok = 0; break; }
                // The palette as whole RGBA pixels, the transparent index and indices past the
                // map clear, so a row is one table lookup per pixel with no branches.
                uint32_t palette[256];
                memset(palette, 0, sizeof(palette));
                for (int i = 0; i < map->ColorCount && i < 256; i++) {
                    if (i == transparent) continue;
                    uint8_t rgba[4] = { map->Colors[i].Red, map->Colors[i].Green, map->Colors[i].Blue, 255 };
                    memcpy(&palette[i], rgba, 4);
                }
                // The screen outside the frame is cleared up front; the frame's own pixels are
                // all written (transparent ones as 0), so a frame covering the screen, the
                // usual case, costs no separate clearing pass.
                int left = desc->Left < gif->SWidth ? desc->Left : gif->SWidth;
                int top = desc->Top < gif->SHeight ? desc->Top : gif->SHeight;
                int right = desc->Width < gif->SWidth - left ? left + desc->Width : gif->SWidth;
                int bottom = desc->Height < gif->SHeight - top ? top + desc->Height : gif->SHeight;
                size_t stride = (size_t)gif->SWidth * 4;
                for (int y = 0; y < gif->SHeight; y++) {
                    uint8_t *row = out + (size_t)y * stride;
                    if (y < top || y >= bottom) { memset(row, 0, stride); continue; }
                    memset(row, 0, (size_t)left * 4);
                    memset(row + (size_t)right * 4, 0, (size_t)(gif->SWidth - right) * 4);
                }
                int visible = right - left;
                // Interlaced rows come in four passes: every 8th from 0, every 8th from 4,
                // every 4th from 2, every 2nd from 1.
                static const int starts[4] = { 0, 4, 2, 1 }, steps[4] = { 8, 8, 4, 2 };
                int passes = desc->Interlace ? 4 : 1;
                for (int pass = 0; pass < passes && ok; pass++) {
                    int start = desc->Interlace ? starts[pass] : 0, step = desc->Interlace ? steps[pass] : 1;
                    for (int row = start; row < desc->Height; row += step) {
                        if (DGifGetLine(gif, line, desc->Width) == GIF_ERROR) { ok = 0; break; }
                        int y = desc->Top + row;
                        if (y >= bottom) continue;
                        uint8_t *pixel = out + (size_t)y * stride + (size_t)left * 4;
                        for (int x = 0; x < visible; x++, pixel += 4) memcpy(pixel, &palette[line[x]], 4);
                    }
                }
                if (!ok) break;
            } else {
                int code_size = 0;
                GifByteType *block = NULL;
                if (DGifGetCode(gif, &code_size, &block) == GIF_ERROR) { ok = 0; break; }
                while (block != NULL) {
                    if (DGifGetCodeNext(gif, &block) == GIF_ERROR) { ok = 0; break; }
                }
                if (!ok) break;
            }
            delay = 0;
            transparent = -1;
        } else if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *ext = NULL;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) { ok = 0; break; }
            int netscape = 0;
            if (code == GRAPHICS_EXT_FUNC_CODE && ext != NULL && ext[0] >= 4) {
                delay = ext[2] | ext[3] << 8;
                transparent = (ext[1] & 0x01) ? ext[4] : -1;
            } else if (code == APPLICATION_EXT_FUNC_CODE && ext != NULL && ext[0] == 11
                       && (memcmp(ext + 1, "NETSCAPE2.0", 11) == 0 || memcmp(ext + 1, "ANIMEXTS1.0", 11) == 0)) {
                netscape = 1;
            }
            while (ext != NULL) {
                if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) { ok = 0; break; }
                if (netscape && ext != NULL && ext[0] >= 3 && ext[1] == 1) {
                    info->loop_count = ext[2] | ext[3] << 8;
                    netscape = 0;
                }
            }
            if (!ok) break;
        }
    } while (record != TERMINATE_RECORD_TYPE);
    if (ok && info->frame_count == 0) { gif->Error = D_GIF_ERR_NO_IMAG_DSCR; ok = 0; }
    if (!ok) info->error = gif->Error ? gif->Error : D_GIF_ERR_READ_FAILED;
    DGifCloseFile(gif, &error);
    return ok;
}

#endif
