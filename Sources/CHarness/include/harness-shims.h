#ifndef HARNESS_SHIMS_H
#define HARNESS_SHIMS_H
#include <sys/types.h>

/* A pollable fd that becomes readable when process `pid` exits (Linux 5.3+), so the
 * harness can wait for an exit with a timeout without polling waitpid in a sleep loop.
 * Returns -1 with errno set when the kernel lacks pidfd_open. */
int harness_pidfd_open(pid_t pid);

#endif
