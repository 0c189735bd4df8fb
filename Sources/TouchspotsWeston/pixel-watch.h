#ifndef TOUCHSPOTS_WESTON_PIXEL_WATCH_H
#define TOUCHSPOTS_WESTON_PIXEL_WATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libweston/libweston.h>
#include <wayland-server.h>

#include "harness-server-support.h"

/*
 * The pixel watch: touch to pixel, measured inside the compositor, from outside any
 * client (docs/benchmark.md, "Touch to pixel").
 *
 * `watch X Y` remembers the 3x3 output pixels centred on a point (a mark drawn half a
 * pixel off still counts) just before a touch lands there. The next down or motion the
 * module injects is the touch; its injection time is the clock the result counts from.
 * After every repaint of the output the block is read again (the renderer's read_pixels,
 * as a screenshot reads it); the first repaint that changed it ends the watch. The result
 * gives that repaint's presentation time, and the floor: the presentation time of the
 * first repaint that began at least 1 ms after the touch, what a client answering at
 * once would get.
 *
 * weston 10 sets output->frame_time for a repaint only in weston_output_finish_frame,
 * which headless runs on a timer a refresh later: at the frame signal it still holds the
 * previous repaint's time. A repaint's presentation time is therefore read later, as the
 * first new value of frame_time (a timer polls every millisecond while one is owed). The
 * presentation clock (CLOCK_MONOTONIC_RAW headless) is converted to the CLOCK_MONOTONIC
 * the module stamps input with, from the two clocks read together.
 */

#define PIXEL_WATCH_REPAINTS 256

struct pixel_watch_repaint {
	uint64_t start_ns;      /* when weston meant to begin it (next_repaint), monotonic */
	uint64_t before_ns;     /* frame_time at its frame signal (the previous repaint's) */
	uint64_t repainted_ns;  /* its frame signal: the pixels are in the output's buffer */
	uint64_t presented_ns;  /* 0 until known */
};

struct pixel_watch {
	struct weston_compositor *compositor;
	struct weston_output *output;
	struct wl_event_source *poll;

	/* Repaints seen, a ring indexed by count % PIXEL_WATCH_REPAINTS. */
	struct pixel_watch_repaint repaints[PIXEL_WATCH_REPAINTS];
	uint64_t repaint_count;

	int px, py;            /* top-left of the 3x3 block, output pixels */
	struct ts_pixel_watch verdict; /* floor and changed are repaint numbers */

	/* Told when a watch is resolved (changed and presented). */
	void (*on_resolved)(void *data);
	void *data;
};

void pixel_watch_init(struct pixel_watch *watch, struct weston_compositor *compositor,
		      struct weston_output *output);
void pixel_watch_release(struct pixel_watch *watch);

/* Arms a watch at X Y (global logical px). Returns false with a reply in `error`. */
bool pixel_watch_arm(struct pixel_watch *watch, double x, double y, char *error, size_t size);

/* A down or motion was injected at `ns` (CLOCK_MONOTONIC). */
void pixel_watch_touched(struct pixel_watch *watch, uint64_t ns);

/* The output's frame signal: a repaint happened. */
void pixel_watch_repainted(struct pixel_watch *watch);

/* 1: resolved, `reply` holds
 * "ok TO_PRESENTED_MS FLOOR_PRESENTED_MS REPAINTS_PAST_FLOOR PRESENTED_NS TO_REPAINT_MS FLOOR_REPAINT_MS"
 * (times from the touch's injection: to the presentation of the repaint that changed the
 * pixels and of the floor repaint, and to the end of those repaints, when the pixels are
 * in the output's buffer; on headless weston presentation comes a refresh after that);
 * 0: not yet; -1: nothing armed (reply holds the error). */
int pixel_watch_result(struct pixel_watch *watch, char *reply, size_t size);

#endif
