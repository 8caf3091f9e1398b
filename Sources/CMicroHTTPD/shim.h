// Shim for libmicrohttpd: the variadic calls Swift cannot import, wrapped in prefixed
// `static inline` functions with fixed signatures.
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>
#include <gnutls/gnutls.h>
#include <poll.h>
#include <fcntl.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif
#ifdef __linux__
// The `.epoll` backend's scheduler thread waits on epoll (deadlines + clients leaving while
// their connection is suspended) and is woken through an eventfd; Glibc's Swift module lacks
// both. Only MockServer/Server/Internal/Platform/LinuxEpoll.swift uses them.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif

/// Whether this libmicrohttpd was built with `poll()` support (`MHD_USE_POLL`).
static inline int cmhd_supports_poll(void) {
    return MHD_is_feature_supported(MHD_FEATURE_POLL) == MHD_YES;
}

/// A TCP socket of `family` (`AF_INET`, `AF_INET6`): `SOCK_STREAM` imports as an enum on Glibc
/// and as an `Int32` on Darwin, so Swift cannot spell it once for both.
static inline int cmhd_tcp_socket(int family) {
    return socket(family, SOCK_STREAM, 0);
}

/// A close-on-exec TCP socket of `family`, non-blocking when `nonblocking` is not 0. With
/// `fcntl`, as `SOCK_CLOEXEC` and `SOCK_NONBLOCK` exist on Linux only. -1 with errno on failure.
static inline int cmhd_tcp_socket_cloexec(int family, int nonblocking) {
    int fd = socket(family, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 ||
        (nonblocking && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0)) {
        int code = errno;
        close(fd);
        errno = code;
        return -1;
    }
    return fd;
}

/// `send` that never raises SIGPIPE: `MSG_NOSIGNAL` where it exists (Linux); elsewhere
/// libmicrohttpd already set `SO_NOSIGPIPE` on the sockets it accepted.
static inline ssize_t cmhd_send_nosignal(int fd, const void *bytes, size_t count) {
#ifdef MSG_NOSIGNAL
    return send(fd, bytes, count, MSG_NOSIGNAL);
#else
    return send(fd, bytes, count, 0);
#endif
}

/// The port the daemon is bound to (useful after binding port 0); 0 if unknown.
static inline uint16_t cmhd_bind_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The flags the daemon runs with (after libmicrohttpd resolved `MHD_USE_AUTO`), or 0.
static inline unsigned int cmhd_daemon_flags(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_FLAGS);
    return info == NULL ? 0 : (unsigned int) info->flags;
}

/// The socket of a connection, or -1.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// Aborts the connection's TCP association at once, portably (POSIX only): `SO_LINGER {1, 0}`,
/// then the socket is closed by `dup2`-ing an unconnected socket over its descriptor, so the
/// peer gets a RST and no FIN. libmicrohttpd (told `MHD_NO` next) keeps the descriptor number
/// and later shuts down and closes the stand-in, harmlessly. Not for epoll daemons (their set
/// holds the old socket). Returns 0 on success, -1 with errno set otherwise.
static inline int cmhd_abort_connection(struct MHD_Connection *connection) {
    int fd = cmhd_connection_fd(connection);
    if (fd < 0) return -1;
    struct linger abortive = {1, 0};
    if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &abortive, sizeof abortive) != 0) return -1;
    int stand_in = socket(AF_INET, SOCK_STREAM, 0);
    if (stand_in < 0) return -1;
    int result = dup2(stand_in, fd) < 0 ? -1 : 0;
    close(stand_in);
    return result;
}

/// The per-socket context set by the connection-notification callback, or NULL.
static inline void *cmhd_connection_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}


/// Whether this libmicrohttpd was built with TLS (GnuTLS) support (`MHD_USE_TLS`).
static inline int cmhd_supports_tls(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}

/// The request's URI as the client sent it (before libmicrohttpd decodes it), with its query.
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon bound to `addr` (port 0 picks a free port) with an accept policy, a
/// request-completed, a connection-notification and a raw-URI callback (`uri_log`, whose result
/// must be NULL: the request's context is made by `handler`), all receiving `cls`. An idle timeout
/// of 0 means none; `threads` above 1 makes a thread pool of that size (`flags` must then ask
/// for an internal polling thread).
///
/// With `key_pem` not NULL the daemon is a TLS listener: `key_pem` and `cert_pem` (the
/// certificate, or a chain, leaf first) are PEM text, `priorities` a GnuTLS priority string
/// ("NORMAL" when NULL), and `flags` must include `MHD_USE_TLS` (a plain daemon refuses the TLS
/// options, hence they are added only then). Returns NULL when it cannot start (a bad key or
/// certificate too).
static inline struct MHD_Daemon *cmhd_start(unsigned int flags,
                                            const struct sockaddr *addr,
                                            MHD_AcceptPolicyCallback accept_policy,
                                            MHD_AccessHandlerCallback handler,
                                            void *cls,
                                            MHD_RequestCompletedCallback completed,
                                            MHD_NotifyConnectionCallback notify,
                                            cmhd_uri_log_callback uri_log,
                                            unsigned int connection_limit,
                                            unsigned int idle_timeout_seconds,
                                            unsigned int threads,
                                            const char *key_pem,
                                            const char *cert_pem,
                                            const char *priorities) {
    // MHD_OPTION_ARRAY: one-pointer options take `ptr_value`; two-argument ones take the
    // callback in `value` (cast to intptr_t) and its closure in `ptr_value`.
    struct MHD_OptionItem options[11];
    size_t n = 0;
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *) addr};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) completed, cls};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t) notify, cls};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t) uri_log, cls};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, connection_limit, NULL};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds, NULL};
    if (key_pem != NULL) {
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *) key_pem};
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *) cert_pem};
        options[n++] = (struct MHD_OptionItem){
            MHD_OPTION_HTTPS_PRIORITIES, 0, (void *) (priorities == NULL ? "NORMAL" : priorities)};
    }
    if (threads > 1) options[n++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, threads, NULL};
    options[n] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(flags, 0, accept_policy, cls, handler, cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// Writes `count` bytes through the connection's TLS session (the broken answers, which bypass
/// libmicrohttpd, must still be TLS records on a TLS port). Returns what `gnutls_record_send`
/// returns, or -1000 when the connection has no TLS session (plain HTTP: write the socket).
static inline ssize_t cmhd_tls_send(struct MHD_Connection *connection, const void *bytes, size_t count) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    if (info == NULL || info->tls_session == NULL) return -1000;
    return gnutls_record_send((gnutls_session_t) info->tls_session, bytes, count);
}


/// Whether the connection came through a TLS listener.
static inline int cmhd_connection_is_tls(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    return info != NULL && info->tls_session != NULL;
}


/// An in-memory file (Linux's `memfd`) holding a copy of `count` bytes, for answers
/// sent with `sendfile` (see ``cmhd_response_from_file``); -1 where there is no memfd or it
/// could not be filled (the caller then sends from its buffer).
static inline int cmhd_memory_file(const void *bytes, size_t count) {
#ifdef __linux__
    int fd = (int) syscall(SYS_memfd_create, "mockserver-body", 1u /* MFD_CLOEXEC */);
    if (fd < 0) return -1;
    size_t done = 0;
    while (done < count) {
        ssize_t written = write(fd, (const char *) bytes + done, count - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) { close(fd); return -1; }
        done += (size_t) written;
    }
    return fd;
#else
    (void) bytes; (void) count;
    return -1;
#endif
}

/// A response of the first `size` bytes of the file `fd`, which libmicrohttpd sends with
/// `sendfile` on plain connections. It gets a duplicate of `fd` (it closes its own when the
/// response is destroyed), so `fd` stays open for the next response; NULL if either fails.
static inline struct MHD_Response *cmhd_response_from_file(int fd, uint64_t size) {
    int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (own < 0) return NULL;
    struct MHD_Response *response = MHD_create_response_from_fd_at_offset64(size, own, 0);
    if (response == NULL) close(own);
    return response;
}

#endif
