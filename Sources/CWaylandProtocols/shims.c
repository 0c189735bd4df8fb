#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "touchspots-wayland.h"

const struct wl_interface *ts_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *ts_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *ts_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
const struct wl_interface *ts_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *ts_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *ts_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *ts_wp_fractional_scale_manager_v1_interface(void)
{
	return &wp_fractional_scale_manager_v1_interface;
}
const struct wl_interface *ts_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *ts_wp_presentation_interface(void) { return &wp_presentation_interface; }
const struct wl_interface *ts_zwp_input_timestamps_manager_v1_interface(void)
{
	return &zwp_input_timestamps_manager_v1_interface;
}
const struct wl_interface *ts_zwp_tablet_manager_v2_interface(void) { return &zwp_tablet_manager_v2_interface; }

unsigned long long ts_clock_ns(int clock)
{
	struct timespec ts;
	if (clock_gettime((clockid_t)clock, &ts) != 0)
		return 0;
	return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

int ts_memfd_create(const char *name)
{
	int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (fd >= 0)
		fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK);
	return fd;
}

int ts_termination_signalfd(void)
{
	sigset_t mask;
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &mask, NULL) != 0)
		return -1;
	return signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
}

int ts_read_signal(int fd)
{
	struct signalfd_siginfo info;
	ssize_t n = read(fd, &info, sizeof info);
	return n == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

int ts_wake_fd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void ts_wake(int fd)
{
	uint64_t one = 1;
	ssize_t written = write(fd, &one, sizeof one);
	/* Only a full counter (2^64 - 2 wakes pending) fails, and the loop is awake then. The
	 * fd must still be open: the waker's owner keeps it so (StrokeLoader's thread holds
	 * the waker until it has written). */
	(void)written;
}

void ts_drain(int fd)
{
	uint64_t count;
	ssize_t n = read(fd, &count, sizeof count);
	(void)n;
}

int
ts_socket_peer_pid(int fd)
{
	struct ucred credentials;
	socklen_t length = sizeof credentials;
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0)
		return 0;
	return credentials.pid > 0 ? credentials.pid : 0;
}
