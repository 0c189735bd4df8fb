/*
 * touchspots-reference-client: the floor of touchspots' design, for the benchmark
 * (docs/benchmark.md). It does touchspots' protocol work and nothing else: a fullscreen
 * xdg_toplevel with one white buffer; a wl_subsurface per finger showing a grey 100 px
 * disc drawn once and moved with set_position; zwp_input_timestamps_v1 bound for touch;
 * wp_presentation feedback asked on every commit; every touch frame committed at once,
 * with at most one frame callback outstanding. No text, no gestures, no log, no
 * animation.
 *
 * usage: touchspots-reference-client (on $WAYLAND_DISPLAY); exits 0 when the window is
 * closed or on SIGTERM, 1 when the compositor lacks a global it needs. With
 * TOUCHSPOTS_REFERENCE_PACED=1 in its environment it commits at most once per frame
 * callback instead (a touch frame read while one is pending waits for it): the fewest
 * commits a design can make, for weighing the commit rule's cost (docs/benchmark.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <wayland-client.h>

#include "input-timestamps-unstable-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#define SPOT 100
#define MAX_SPOTS 64

struct spot {
	bool used;
	int32_t id;
	struct wl_surface *surface;
	struct wl_subsurface *subsurface;
	struct wl_buffer *buffer;
};

static struct {
	struct wl_display *display;
	struct wl_compositor *compositor;
	struct wl_subcompositor *subcompositor;
	struct wl_shm *shm;
	struct wl_seat *seat;
	struct wl_touch *touch;
	struct xdg_wm_base *wm_base;
	struct wp_presentation *presentation;
	struct zwp_input_timestamps_manager_v1 *timestamps;
	struct zwp_input_timestamps_v1 *touch_timestamps;

	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_buffer *window_buffer;
	int32_t width, height;
	bool configured, closed, dirty;
	struct wl_callback *frame_callback;

	struct spot spots[MAX_SPOTS];
} app;


static int
shm_file(size_t size)
{
	int fd = memfd_create("touchspots-reference", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		perror("touchspots-reference-client: memfd");
		exit(1);
	}
	return fd;
}

/* A buffer of width x height ARGB pixels filled by `paint`. */
static struct wl_buffer *
make_buffer(int32_t width, int32_t height, void (*paint)(uint32_t *, int32_t, int32_t), uint32_t format)
{
	size_t size = (size_t)width * height * 4;
	int fd = shm_file(size);
	uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pixels == MAP_FAILED) {
		perror("touchspots-reference-client: mmap");
		exit(1);
	}
	paint(pixels, width, height);
	munmap(pixels, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(app.shm, fd, (int32_t)size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, format);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buffer;
}

static void
paint_white(uint32_t *pixels, int32_t width, int32_t height)
{
	memset(pixels, 0xff, (size_t)width * height * 4);
}

/* touchspots' spot: UIKit's lightGray disc, antialiased over one pixel, premultiplied. */
static void
paint_disc(uint32_t *pixels, int32_t width, int32_t height)
{
	double r = width / 2.0;
	for (int32_t y = 0; y < height; y++) {
		for (int32_t x = 0; x < width; x++) {
			double d = hypot(x + 0.5 - r, y + 0.5 - r);
			double a = d <= r - 0.5 ? 1 : d >= r + 0.5 ? 0 : r + 0.5 - d;
			uint32_t alpha = (uint32_t)(a * 255 + 0.5), grey = (uint32_t)(a * 170 + 0.5);
			pixels[y * width + x] = alpha << 24 | grey << 16 | grey << 8 | grey;
		}
	}
}

/* ---- presentation feedback: asked and dropped; only the request and its answer count ---- */

static void feedback_sync_output(void *data, struct wp_presentation_feedback *f, struct wl_output *o) {}
static void
feedback_presented(void *data, struct wp_presentation_feedback *f, uint32_t sec_hi, uint32_t sec_lo,
		   uint32_t nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags)
{
	wp_presentation_feedback_destroy(f);
}
static void
feedback_discarded(void *data, struct wp_presentation_feedback *f)
{
	wp_presentation_feedback_destroy(f);
}
static const struct wp_presentation_feedback_listener feedback_listener = {
	feedback_sync_output, feedback_presented, feedback_discarded,
};

static bool paced;
static void commit(void);

static void
frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	wl_callback_destroy(callback);
	app.frame_callback = NULL;
	if (paced && app.dirty && app.configured)
		commit();
}
static const struct wl_callback_listener frame_listener = { frame_done };

/* Commits the window (and with it every spot's subsurface state). */
static void
commit(void)
{
	if (app.presentation)
		wp_presentation_feedback_add_listener(wp_presentation_feedback(app.presentation, app.surface),
						      &feedback_listener, NULL);
	if (!app.frame_callback) {
		app.frame_callback = wl_surface_frame(app.surface);
		wl_callback_add_listener(app.frame_callback, &frame_listener, NULL);
	}
	wl_surface_commit(app.surface);
	app.dirty = false;
}

/* ---- touch ---- */

static struct spot *
find_spot(int32_t id)
{
	for (int i = 0; i < MAX_SPOTS; i++)
		if (app.spots[i].used && app.spots[i].id == id)
			return &app.spots[i];
	return NULL;
}

static void
touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *surface,
	   int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct spot *spot = find_spot(id);
	for (int i = 0; !spot && i < MAX_SPOTS; i++)
		if (!app.spots[i].used)
			spot = &app.spots[i];
	if (!spot)
		return;
	if (!spot->surface) {
		spot->surface = wl_compositor_create_surface(app.compositor);
		spot->subsurface = wl_subcompositor_get_subsurface(app.subcompositor, spot->surface, app.surface);
		struct wl_region *empty = wl_compositor_create_region(app.compositor);
		wl_surface_set_input_region(spot->surface, empty);
		wl_region_destroy(empty);
		spot->buffer = make_buffer(SPOT, SPOT, paint_disc, WL_SHM_FORMAT_ARGB8888);
	}
	spot->used = true;
	spot->id = id;
	wl_surface_attach(spot->surface, spot->buffer, 0, 0);
	wl_surface_damage_buffer(spot->surface, 0, 0, SPOT, SPOT);
	wl_surface_commit(spot->surface);
	wl_subsurface_set_position(spot->subsurface, wl_fixed_to_int(x) - SPOT / 2, wl_fixed_to_int(y) - SPOT / 2);
	app.dirty = true;
}

static void
touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	struct spot *spot = find_spot(id);
	if (!spot)
		return;
	spot->used = false;
	wl_surface_attach(spot->surface, NULL, 0, 0);
	wl_surface_commit(spot->surface);
	app.dirty = true;
}

static void
touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct spot *spot = find_spot(id);
	if (!spot)
		return;
	wl_subsurface_set_position(spot->subsurface, wl_fixed_to_int(x) - SPOT / 2, wl_fixed_to_int(y) - SPOT / 2);
	app.dirty = true;
}

static void
touch_frame(void *data, struct wl_touch *t)
{
	if (app.dirty && app.configured && !(paced && app.frame_callback))
		commit();
}

static void
touch_cancel(void *data, struct wl_touch *t)
{
	for (int i = 0; i < MAX_SPOTS; i++)
		if (app.spots[i].used)
			touch_up(data, t, 0, 0, app.spots[i].id);
	touch_frame(data, t);
}

static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {}
static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {}

static const struct wl_touch_listener touch_listener = {
	touch_down, touch_up, touch_motion, touch_frame, touch_cancel, touch_shape, touch_orientation,
};

static void timestamp(void *data, struct zwp_input_timestamps_v1 *t, uint32_t hi, uint32_t lo, uint32_t nsec) {}
static const struct zwp_input_timestamps_v1_listener timestamps_listener = { timestamp };

static void
seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !app.touch) {
		app.touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(app.touch, &touch_listener, NULL);
		if (app.timestamps) {
			app.touch_timestamps = zwp_input_timestamps_manager_v1_get_touch_timestamps(app.timestamps, app.touch);
			zwp_input_timestamps_v1_add_listener(app.touch_timestamps, &timestamps_listener, NULL);
		}
	}
}
static void seat_name(void *data, struct wl_seat *seat, const char *name) {}
static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

/* ---- the window ---- */

static void
wm_ping(void *data, struct xdg_wm_base *base, uint32_t serial)
{
	xdg_wm_base_pong(base, serial);
}
static const struct xdg_wm_base_listener wm_base_listener = { wm_ping };

static void
xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	xdg_surface_ack_configure(surface, serial);
	if (app.window_buffer == NULL) {
		int32_t w = app.width > 0 ? app.width : 800, h = app.height > 0 ? app.height : 600;
		app.window_buffer = make_buffer(w, h, paint_white, WL_SHM_FORMAT_XRGB8888);
		wl_surface_attach(app.surface, app.window_buffer, 0, 0);
		wl_surface_damage_buffer(app.surface, 0, 0, w, h);
	}
	app.configured = true;
	commit();
}
static const struct xdg_surface_listener xdg_surface_listener = { xdg_surface_configure };

static void
toplevel_configure(void *data, struct xdg_toplevel *t, int32_t width, int32_t height, struct wl_array *states)
{
	if (width > 0 && height > 0 && app.window_buffer == NULL) {
		app.width = width;
		app.height = height;
	}
}
static void toplevel_close(void *data, struct xdg_toplevel *t) { app.closed = true; }
static void toplevel_bounds(void *data, struct xdg_toplevel *t, int32_t w, int32_t h) {}
static void toplevel_capabilities(void *data, struct xdg_toplevel *t, struct wl_array *c) {}
static const struct xdg_toplevel_listener toplevel_listener = {
	toplevel_configure, toplevel_close, toplevel_bounds, toplevel_capabilities,
};

static void
global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	if (strcmp(interface, wl_compositor_interface.name) == 0)
		app.compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	else if (strcmp(interface, wl_subcompositor_interface.name) == 0)
		app.subcompositor = wl_registry_bind(registry, name, &wl_subcompositor_interface, 1);
	else if (strcmp(interface, wl_shm_interface.name) == 0)
		app.shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	else if (strcmp(interface, wl_seat_interface.name) == 0 && !app.seat) {
		app.seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 5 ? version : 5);
		wl_seat_add_listener(app.seat, &seat_listener, NULL);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
		app.wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(app.wm_base, &wm_base_listener, NULL);
	} else if (strcmp(interface, wp_presentation_interface.name) == 0)
		app.presentation = wl_registry_bind(registry, name, &wp_presentation_interface, 1);
	else if (strcmp(interface, zwp_input_timestamps_manager_v1_interface.name) == 0)
		app.timestamps = wl_registry_bind(registry, name, &zwp_input_timestamps_manager_v1_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { global, global_remove };

/*
 * The event loop, with SIGTERM and SIGINT read from a signalfd in the same poll as the
 * display: a handler that only set a flag never ended the client once it was idle,
 * since wl_display_dispatch's own poll retries on EINTR (a tool stopping it hung).
 * Returns when the window is closed, a signal came, or the connection failed.
 */
static void
run(int signals)
{
	struct pollfd fds[2] = {
		{ .fd = wl_display_get_fd(app.display), .events = POLLIN },
		{ .fd = signals, .events = POLLIN },
	};
	while (!app.closed) {
		while (wl_display_prepare_read(app.display) != 0) {
			if (wl_display_dispatch_pending(app.display) < 0)
				return;
		}
		fds[0].events = POLLIN;
		if (wl_display_flush(app.display) < 0) {
			if (errno != EAGAIN) {
				wl_display_cancel_read(app.display);
				return;
			}
			fds[0].events |= POLLOUT;
		}
		if (poll(fds, 2, -1) < 0) {
			wl_display_cancel_read(app.display);
			if (errno == EINTR)
				continue;
			return;
		}
		if (fds[1].revents & POLLIN) {
			wl_display_cancel_read(app.display);
			return;
		}
		if (fds[0].revents & (POLLIN | POLLERR | POLLHUP)) {
			if (wl_display_read_events(app.display) < 0)
				return;
		} else {
			wl_display_cancel_read(app.display);
		}
		if (wl_display_dispatch_pending(app.display) < 0)
			return;
	}
}

int
main(void)
{
	const char *pace = getenv("TOUCHSPOTS_REFERENCE_PACED");
	paced = pace && strcmp(pace, "1") == 0;
	/* Blocked from the start, so a SIGTERM sent at any time waits in the signalfd. */
	sigset_t stop;
	sigemptyset(&stop);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGINT);
	sigprocmask(SIG_BLOCK, &stop, NULL);
	int signals = signalfd(-1, &stop, SFD_CLOEXEC);
	if (signals < 0) {
		perror("touchspots-reference-client: signalfd");
		return 1;
	}
	app.display = wl_display_connect(NULL);
	if (!app.display) {
		fprintf(stderr, "touchspots-reference-client: no compositor to connect to\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(app.display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(app.display);
	if (!app.compositor || !app.subcompositor || !app.shm || !app.wm_base) {
		fprintf(stderr, "touchspots-reference-client: the compositor lacks wl_compositor, "
				"wl_subcompositor, wl_shm or xdg_wm_base\n");
		return 1;
	}
	/* Input timestamps are bound with the seat's touch; the manager must be known first. */
	wl_display_roundtrip(app.display);

	app.surface = wl_compositor_create_surface(app.compositor);
	app.xdg_surface = xdg_wm_base_get_xdg_surface(app.wm_base, app.surface);
	xdg_surface_add_listener(app.xdg_surface, &xdg_surface_listener, NULL);
	app.toplevel = xdg_surface_get_toplevel(app.xdg_surface);
	xdg_toplevel_add_listener(app.toplevel, &toplevel_listener, NULL);
	xdg_toplevel_set_title(app.toplevel, "touchspots-reference-client");
	xdg_toplevel_set_fullscreen(app.toplevel, NULL);
	wl_surface_commit(app.surface);

	run(signals);
	return 0;
}
