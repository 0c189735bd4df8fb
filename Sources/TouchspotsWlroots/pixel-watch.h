#ifndef TOUCHSPOTS_WLROOTS_PIXEL_WATCH_H
#define TOUCHSPOTS_WLROOTS_PIXEL_WATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <wlr/types/wlr_buffer.h>

#include "harness-server-support.h"

/*
 * The pixel watch on wlroots (docs/benchmark.md, "Touch to pixel"): the weston module's
 * `watch X Y` / `watch-result`, timed on the output commits the shim sees. Headless
 * wlroots 0.15 has no scan-out and never says when a buffer was presented (the shim's
 * present_now makes that up at the commit), so here the time is that of the first output
 * commit whose buffer changed the watched 3x3 pixels, not of a scan-out; the floor is the
 * first output commit at least 1 ms after the touch. The reply's presentation and repaint
 * times are therefore the same.
 */
struct wlr_pixel_watch {
	int px, py;            /* top-left of the 3x3 block, buffer pixels */
	uint64_t commits;      /* output buffer commits seen */
	struct ts_pixel_watch verdict; /* floor and changed are commit numbers */
	uint64_t floor_ns, changed_ns; /* when those commits were made */
};

/* Arms a watch of the block centred on buffer pixel (x, y) of `front`, the buffer the
 * output shows. false with a reply in `error`. */
bool wlr_pixel_watch_arm(struct wlr_pixel_watch *watch, struct wlr_buffer *front, int x, int y,
			 char *error, size_t size);

/* A down or motion was injected at `ns`. */
void wlr_pixel_watch_touched(struct wlr_pixel_watch *watch, uint64_t ns);

/* The output committed `front`. Returns true when this resolved the watch. */
bool wlr_pixel_watch_committed(struct wlr_pixel_watch *watch, struct wlr_buffer *front);

/* 1: resolved, `reply` holds the weston module's watch-result reply; 0: not yet; -1:
 * nothing armed (reply holds the error). */
int wlr_pixel_watch_result(struct wlr_pixel_watch *watch, char *reply, size_t size);

#endif
