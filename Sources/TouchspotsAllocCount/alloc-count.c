/*
 * Counts a process's heap allocations for `touchspots-harness bench` (see
 * include/touchspots-alloc-count.h). The allocator itself stays glibc's: each function
 * counts and calls glibc's exported __libc_* entry point, which needs no dlsym (dlsym
 * allocates, which would recurse before the real malloc is known).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "touchspots-alloc-count.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_ulong allocations;
static int report_fd = -1;

static inline void
count(void)
{
	atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
}

void *
malloc(size_t size)
{
	count();
	return __libc_malloc(size);
}

void *
calloc(size_t n, size_t size)
{
	count();
	return __libc_calloc(n, size);
}

void *
realloc(void *pointer, size_t size)
{
	count();
	return __libc_realloc(pointer, size);
}

void *
memalign(size_t alignment, size_t size)
{
	count();
	return __libc_memalign(alignment, size);
}

void *
aligned_alloc(size_t alignment, size_t size)
{
	count();
	return __libc_memalign(alignment, size);
}

int
posix_memalign(void **out, size_t alignment, size_t size)
{
	if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0)
		return EINVAL;
	count();
	void *pointer = __libc_memalign(alignment, size);
	if (!pointer && size)
		return ENOMEM;
	*out = pointer;
	return 0;
}

/* Async-signal-safe: formats the count by hand and writes it with write(2). */
static void
report(int signal_number)
{
	(void)signal_number;
	int saved = errno;
	char digits[24], line[25];
	unsigned long n = atomic_load_explicit(&allocations, memory_order_relaxed);
	int length = 0;
	do {
		digits[length++] = (char)('0' + n % 10);
		n /= 10;
	} while (n && length < (int)sizeof digits);
	for (int i = 0; i < length; i++)
		line[i] = digits[length - 1 - i];
	line[length] = '\n';
	if (report_fd >= 0)
		(void)!write(report_fd, line, (size_t)length + 1);
	errno = saved;
}

__attribute__((constructor)) static void
start(void)
{
	const char *path = getenv("TOUCHSPOTS_ALLOC_COUNT_FILE");
	if (!path || !*path)
		return;
	report_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = report;
	action.sa_flags = SA_RESTART;
	sigemptyset(&action.sa_mask);
	sigaction(SIGUSR2, &action, NULL);
}
