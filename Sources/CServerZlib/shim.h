// The mock server's shim for zlib's inflate API: the recorder gunzips recorded answers with it.
// zlib's inflateInit2 is a macro, which Swift cannot call, so it is wrapped here.
#ifndef CSERVERZLIB_SHIM_H
#define CSERVERZLIB_SHIM_H
#include <zlib.h>

/// Prepares `stream` (zeroed by the caller) to inflate a gzip stream (RFC 1952) only: a zlib or
/// raw deflate stream is an error. Returns Z_OK or zlib's error code.
static inline int csz_inflate_init_gzip(z_stream *stream) {
    stream->zalloc = Z_NULL;
    stream->zfree = Z_NULL;
    stream->opaque = Z_NULL;
    stream->next_in = Z_NULL;
    stream->avail_in = 0;
    return inflateInit2(stream, 16 + MAX_WBITS);
}

#endif
