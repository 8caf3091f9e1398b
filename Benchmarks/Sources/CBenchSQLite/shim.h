// sqlite3's C API, called directly as the peer of TweetStore.
#ifndef CBENCHSQLITE_SHIM_H
#define CBENCHSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: bind copies the bytes.
static inline int cbenchsqlite_bind_text(sqlite3_stmt *statement, int index, const char *text) {
    return sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}
#endif
