#ifndef TOUCHSPOTS_WAYLAND_H
#define TOUCHSPOTS_WAYLAND_H

/* The few things Swift cannot take straight from libwayland's headers. */

#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "input-timestamps-unstable-v1-client-protocol.h"
#include "tablet-unstable-v2-client-protocol.h"

/* Interface addresses. Taking `&wl_compositor_interface` from Swift may yield the
 * address of a temporary copy in release builds, which libwayland then rejects;
 * these return the real symbols' addresses. */
const struct wl_interface *ts_wl_compositor_interface(void);
const struct wl_interface *ts_wl_shm_interface(void);
const struct wl_interface *ts_wl_subcompositor_interface(void);
const struct wl_interface *ts_wl_seat_interface(void);
const struct wl_interface *ts_wl_output_interface(void);
const struct wl_interface *ts_xdg_wm_base_interface(void);
const struct wl_interface *ts_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *ts_wp_viewporter_interface(void);
const struct wl_interface *ts_wp_presentation_interface(void);
const struct wl_interface *ts_zwp_input_timestamps_manager_v1_interface(void);
const struct wl_interface *ts_zwp_tablet_manager_v2_interface(void);

/* Reads `clock` (a clockid_t from wp_presentation.clock_id, or CLOCK_MONOTONIC) in ns;
 * 0 when the clock cannot be read. */
unsigned long long ts_clock_ns(int clock);

/* memfd_create is not exported through Swift's Glibc module. Returns a sealed-growable,
 * close-on-exec anonymous file, or -1 with errno set. */
int ts_memfd_create(const char *name);

/* Blocks SIGINT, SIGTERM and SIGUSR1 for the process and returns a non-blocking signalfd
 * that becomes readable when one arrives, so the event loop handles them in poll. */
int ts_termination_signalfd(void);

/* Reads one pending signal from a signalfd made above; returns its number or 0. */
int ts_read_signal(int fd);

/* The process id at the other end of a Unix socket (SO_PEERCRED, whose struct ucred
 * Swift's Glibc module does not export), or 0 when it cannot be known. */
int ts_socket_peer_pid(int fd);

/* eventfd is not exported through Swift's Glibc module either. A non-blocking,
 * close-on-exec eventfd another thread wakes the event loop with, or -1 with errno set;
 * ts_wake adds one to it (safe from any thread), ts_drain empties it. */
int ts_wake_fd(void);
void ts_wake(int fd);
void ts_drain(int fd);

#endif
