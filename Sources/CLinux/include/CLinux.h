// CLinux: the Linux and GNU interfaces Swift's Glibc module does not expose or
// cannot call directly: epoll, signalfd and eventfd for the event loop; signal
// masks; socket options and calls with packed or union structs; the thread-safe
// strerror_r; malloc_trim; syncfs. Tiny wrappers over macros and GNU-only
// functions, used by SystemCall, Network, Storage and cardbench. Nothing here
// keeps state.
#ifndef CLINUX_H
#define CLINUX_H

#include <stdint.h>
#include <stddef.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <malloc.h>
#include <sys/types.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <sys/resource.h>
#include <sys/syscall.h>

// MARK: - Constants (macros / enum values Swift imports awkwardly)

static const uint32_t CLINUX_EPOLL_IN = EPOLLIN;
static const uint32_t CLINUX_EPOLL_OUT = EPOLLOUT;
static const uint32_t CLINUX_EPOLL_ERR = EPOLLERR;
static const uint32_t CLINUX_EPOLL_HUP = EPOLLHUP;
static const int CLINUX_EPOLL_CTL_ADD = EPOLL_CTL_ADD;
static const int CLINUX_EPOLL_CTL_MOD = EPOLL_CTL_MOD;
static const int CLINUX_EPOLL_CTL_DEL = EPOLL_CTL_DEL;

// MARK: - epoll

/// epoll_create1(EPOLL_CLOEXEC).
/// Sets the calling thread's nice value (Linux keeps one per thread, named by its tid).
static inline int clinux_set_thread_niceness(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

static inline int clinux_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

/// epoll_ctl with the event mask and the 64-bit token (epoll_event.data.u64)
/// passed as plain values, so Swift never touches the packed struct or its union.
static inline int clinux_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event ev;
    ev.events = events;
    ev.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &ev);
}

/// Size in bytes of one struct epoll_event (12 on x86_64: the struct is packed).
static inline size_t clinux_epoll_event_size(void) {
    return sizeof(struct epoll_event);
}

/// epoll_wait into a raw buffer of at least `maxevents * clinux_epoll_event_size()` bytes.
static inline int clinux_epoll_wait(int epfd, void *events, int maxevents, int timeout_ms) {
    return epoll_wait(epfd, (struct epoll_event *)events, maxevents, timeout_ms);
}

/// The event mask of entry `i` of an epoll_wait result buffer.
static inline uint32_t clinux_epoll_event_mask(const void *events, int i) {
    return ((const struct epoll_event *)events)[i].events;
}

/// The token (data.u64) of entry `i` of an epoll_wait result buffer.
static inline uint64_t clinux_epoll_event_token(const void *events, int i) {
    return ((const struct epoll_event *)events)[i].data.u64;
}

/// Bytes received on a socket and not yet read (FIONREAD), or -1 with errno set.
static inline int clinux_unread_bytes(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : -1;
}

// MARK: - eventfd

/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC).
static inline int clinux_eventfd(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

// MARK: - Signals

/// sigemptyset on a caller-provided set.
static inline int clinux_sigemptyset(sigset_t *set) { return sigemptyset(set); }

/// sigaddset on a caller-provided set.
static inline int clinux_sigaddset(sigset_t *set, int signo) { return sigaddset(set, signo); }

/// Blocks the signals in `set` for the calling thread (threads created later inherit it).
/// Returns 0 or an errno value (pthread_sigmask does not set errno).
static inline int clinux_block_signals(const sigset_t *set) {
    return pthread_sigmask(SIG_BLOCK, set, NULL);
}

/// signalfd(fd, set, SFD_NONBLOCK | SFD_CLOEXEC); fd -1 makes a new one.
static inline int clinux_signalfd(int fd, const sigset_t *set) {
    return signalfd(fd, set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// Reads one signalfd_siginfo; on success stores the signal number and returns
/// the byte count read, else -1 with errno set (EAGAIN when none is pending).
static inline ssize_t clinux_signalfd_read(int fd, uint32_t *signo) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n == (ssize_t)sizeof info) {
        *signo = info.ssi_signo;
    }
    return n;
}

// MARK: - Sockets

/// socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0).
static inline int clinux_tcp_socket(int family) {
    return socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
}

/// accept4(fd, addr, len, SOCK_NONBLOCK | SOCK_CLOEXEC); defined in shim.c (GNU extension).
int clinux_accept(int fd, struct sockaddr *addr, socklen_t *len);

/// send(fd, buf, len, MSG_NOSIGNAL): never raises SIGPIPE.
static inline ssize_t clinux_send(int fd, const void *buf, size_t len) {
    return send(fd, buf, len, MSG_NOSIGNAL);
}

/// recv(fd, buf, len, 0).
static inline ssize_t clinux_recv(int fd, void *buf, size_t len) {
    return recv(fd, buf, len, 0);
}

/// setsockopt for an int-valued option.
static inline int clinux_setsockopt_int(int fd, int level, int name, int value) {
    return setsockopt(fd, level, name, &value, sizeof value);
}

/// getsockopt for an int-valued option; returns -1 with errno on failure.
static inline int clinux_getsockopt_int(int fd, int level, int name, int *value) {
    socklen_t len = sizeof *value;
    return getsockopt(fd, level, name, value, &len);
}

/// SO_REUSEADDR = 1.
static inline int clinux_set_reuseaddr(int fd) {
    return clinux_setsockopt_int(fd, SOL_SOCKET, SO_REUSEADDR, 1);
}

/// IPV6_V6ONLY = on (1) or off (0).
static inline int clinux_set_v6only(int fd, int on) {
    return clinux_setsockopt_int(fd, IPPROTO_IPV6, IPV6_V6ONLY, on);
}

/// TCP_NODELAY = 1.
static inline int clinux_set_nodelay(int fd) {
    return clinux_setsockopt_int(fd, IPPROTO_TCP, TCP_NODELAY, 1);
}

// MARK: - Errors

/// Thread-safe strerror: writes the text for `err` into `buf` and returns a
/// pointer to the text (which may or may not be `buf`). Defined in shim.c.
const char *clinux_strerror(int err, char *buf, size_t len);

// MARK: - Memory

/// malloc_trim(0): gives the free memory of every malloc arena back to the system
/// (<malloc.h>, which Swift's Glibc module leaves out). Returns 1 if any was given back.
static inline int clinux_malloc_trim(void) {
    return malloc_trim(0);
}

// MARK: - Files

/// syncfs(2): every dirty page of the filesystem holding `fd` to the disk, in one call
/// (GNU-only, so defined in shim.c).
int clinux_syncfs(int fd);

/// fallocate(2) with FALLOC_FL_KEEP_SIZE: allocates the blocks of `length` bytes from
/// `offset` without changing the file's size, so later writes there need no free space
/// (GNU-only, so defined in shim.c). 0, or -1 with errno.
int clinux_reserve(int fd, int64_t offset, int64_t length);

#endif // CLINUX_H
