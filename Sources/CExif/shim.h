// Shim for libexif: ImageCodec reads one tag, the orientation, through cexif_orientation.
// (exif_data_get_entry is a macro Swift cannot import, and the ExifData struct's IFD array and
// the byte-order helpers are simpler to use from C.)
#ifndef CEXIF_SHIM_H
#define CEXIF_SHIM_H
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

/// The orientation tag (0x0112) of IFD0 in an EXIF block, 1...8; 0 when the block has none,
/// the value is out of range, or the block does not parse. `data` starts with "Exif\0\0" and
/// a TIFF header, as an APP1 segment's payload does. libexif's "follow the specification"
/// option is off, so it neither adds mandatory tags nor rewrites the ones it finds.
static inline int cexif_orientation(const unsigned char *data, unsigned int size) {
    ExifData *exif = exif_data_new();
    if (exif == NULL) return 0;
    exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_load_data(exif, data, size);
    int orientation = 0;
    ExifEntry *entry = exif_content_get_entry(exif->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
    if (entry != NULL && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1
        && entry->data != NULL && entry->size >= 2) {
        ExifShort value = exif_get_short(entry->data, exif_data_get_byte_order(exif));
        if (value >= 1 && value <= 8) orientation = (int)value;
    }
    exif_data_unref(exif);
    return orientation;
}

#endif
