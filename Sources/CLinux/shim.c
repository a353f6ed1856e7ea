// Out-of-line parts of CLinux that need GNU feature macros.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <string.h>
#include <fcntl.h>
#include <sys/socket.h>
#include "CLinux.h"

int clinux_accept(int fd, struct sockaddr *addr, socklen_t *len) {
    return accept4(fd, addr, len, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

const char *clinux_strerror(int err, char *buf, size_t len) {
    // GNU strerror_r returns a pointer to the message (not always into buf).
    return strerror_r(err, buf, len);
}

int clinux_syncfs(int fd) {
    return syncfs(fd);
}

int clinux_reserve(int fd, int64_t offset, int64_t length) {
    return fallocate(fd, FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length);
}
