#ifndef TOUCHSPOTS_TEST_COMPOSITOR_H
#define TOUCHSPOTS_TEST_COMPOSITOR_H

#include <stdbool.h>
#include <stdint.h>

/*
 * A minimal Wayland compositor, in process, for sequences a real compositor will not
 * produce: repeated or withdrawn capabilities, duplicate downs, unknown ids, no frames,
 * protocol errors, a vanishing compositor. It runs on the calling thread: nothing
 * happens between calls, so every test step is deterministic.
 *
 * It offers wl_compositor 4, wl_shm 1, wl_seat 7 (touch and pointer) and xdg_wm_base 5 (leave out
 * xdg_wm_base with TC_NO_XDG_WM_BASE). Frame callbacks are answered at once and buffers
 * released at the next commit, so a client never waits for a repaint. Touch events go
 * to every wl_touch, with the client's toplevel surface as the down's surface.
 */

struct tc;

/* TC_SUBCOMPOSITOR also offers wl_subcompositor 1 (the client then shows its touch spots
 * on subsurfaces: tc_subsurface says where). */
enum tc_options { TC_DEFAULT = 0, TC_NO_XDG_WM_BASE = 1, TC_SUBCOMPOSITOR = 2 };

/* Listens on $runtime_dir/$socket_name. NULL on failure. */
struct tc *tc_create(const char *runtime_dir, const char *socket_name, int options);
/* As tc_create, also offering wp_fractional_scale_manager_v1 (sending preferred_scale
 * `preferred_scale120`, in 120ths) and wp_viewporter. */
struct tc *tc_create_with_scale(const char *runtime_dir, const char *socket_name, int options,
				uint32_t preferred_scale120);
void tc_destroy(struct tc *tc);

/* The toplevel's last shown buffer size, wl_surface buffer scale and viewport destination
 * (0 x 0 when none). */
void tc_shown(struct tc *tc, int32_t *width, int32_t *height, int32_t *scale,
	      int32_t *viewport_width, int32_t *viewport_height);

/* How many times the compositor has sent what it queued to the clients (each tc_* call
 * that flushes: tc_dispatch, tc_sync, tc_enter_output, tc_configure...). libwayland also
 * flushes by itself when its 4 KiB buffer fills; that is not counted. */
unsigned tc_flush_count(struct tc *tc);

/* Dispatches client requests for up to timeout_ms (0: only what is ready), then flushes. */
int tc_dispatch(struct tc *tc, int timeout_ms);

/* Pings every xdg_wm_base and dispatches until all have answered, so the clients have
 * handled everything sent before. false on timeout or when no client has one. */
bool tc_sync(struct tc *tc, int timeout_ms);

/* Whether a client has committed a buffer to a configured toplevel. */
bool tc_has_mapped_toplevel(struct tc *tc);
int tc_clients(struct tc *tc);

/* wl_seat capabilities (WL_SEAT_CAPABILITY_* bits), sent to every bound seat now and to
 * seats bound later. */
void tc_set_capabilities(struct tc *tc, uint32_t capabilities);
/* The name wl_seat.name gives seats bound from now on ("test-seat" until set). */
void tc_set_seat_name(struct tc *tc, const char *name);
/* get_touch requests received so far, and wl_touch objects alive now. */
int tc_touches_created(struct tc *tc);
int tc_touches_alive(struct tc *tc);

void tc_touch_down(struct tc *tc, uint32_t time, int32_t id, double x, double y);
void tc_touch_motion(struct tc *tc, uint32_t time, int32_t id, double x, double y);
void tc_touch_up(struct tc *tc, uint32_t time, int32_t id);
void tc_touch_frame(struct tc *tc);
void tc_touch_cancel(struct tc *tc);
void tc_touch_shape(struct tc *tc, int32_t id, double major, double minor);

/* Pointer events for the toplevel's client, each followed by wl_pointer.frame. */
void tc_pointer_enter(struct tc *tc, double x, double y);
void tc_pointer_leave(struct tc *tc);
void tc_pointer_motion(struct tc *tc, uint32_t time, double x, double y);
void tc_pointer_button(struct tc *tc, uint32_t time, uint32_t button, bool pressed);

/* Configures the toplevel again at `width` x `height` (0 x 0: the client picks). */
/* tablet-v2, for the toplevel's client once it has a tablet seat: one tablet and one
 * tool at a time (each add returns false when there is no tablet seat yet or one exists).
 * Events go out as called; nothing adds a frame unless tc_tool_frame is called. */
bool tc_tablet_add(struct tc *tc);
bool tc_tool_add(struct tc *tc, bool eraser);
void tc_tool_proximity_in(struct tc *tc, double x, double y); /* with a motion to x, y */
void tc_tool_proximity_out(struct tc *tc);
void tc_tool_tip(struct tc *tc, bool down);
void tc_tool_motion(struct tc *tc, double x, double y);
void tc_tool_pressure(struct tc *tc, uint32_t raw); /* the protocol's 0..65535, or beyond */
void tc_tool_tilt(struct tc *tc, double x, double y);
void tc_tool_frame(struct tc *tc, uint32_t time);
void tc_tool_remove(struct tc *tc);  /* zwp_tablet_tool_v2.removed, with no proximity_out first */
void tc_tablet_remove(struct tc *tc);

/* wl_touch.orientation (seat v6+), degrees. */
void tc_touch_orientation(struct tc *tc, int32_t id, double degrees);
/* Writes the toplevel's current buffer as PNG; NULL on success, else why not. */
const char *tc_screenshot(struct tc *tc, const char *path);
/* The toplevel's current buffer's pixel at x, y (buffer pixels), as ARGB8888; false when
 * there is none there. */
bool tc_pixel(struct tc *tc, int32_t x, int32_t y, uint32_t *argb);

/* Subsurfaces showing a buffer, and the n-th of them (creation order): its position in
 * the toplevel (as of the toplevel's last commit) and its size in surface pixels. */
int tc_subsurfaces_shown(struct tc *tc);
bool tc_subsurface(struct tc *tc, int n, int32_t *x, int32_t *y, int32_t *width, int32_t *height);
/* The n-th shown subsurface's pixel at x, y of its buffer (buffer pixels), ARGB8888. */
bool tc_subsurface_pixel(struct tc *tc, int n, int32_t x, int32_t y, uint32_t *argb);
/* A touch down on the n-th shown subsurface's wl_surface at its surface-local x, y, as a
 * compositor sends for a finger on a subsurface that takes input (tc_touch_down always
 * names the toplevel's); false when there is no such subsurface. */
bool tc_touch_down_on_subsurface(struct tc *tc, int n, uint32_t time, int32_t id, double x, double y);

void tc_configure(struct tc *tc, int32_t width, int32_t height);
/* wl_buffers made by clients so far (wl_shm_pool.create_buffer). */
int tc_buffers_created(struct tc *tc);
/* Commits of the toplevel surface so far. */
int tc_commits(struct tc *tc);
/* While held, frame callbacks are not answered (a compositor does so for a window nobody
 * sees); they are answered at the first commit after the hold ends. */
void tc_hold_frame_callbacks(struct tc *tc, bool hold);

/* The size of the toplevel's first configure (default 640 x 480; call before the client
 * connects). */
void tc_set_configure_size(struct tc *tc, int32_t width, int32_t height);

/* Offers a wl_output (1024x640 at `scale`); sends wl_surface.enter for the toplevel; and
 * unplugs it: removes the global and, in the same burst, sends wl_surface.leave. */
void tc_add_output(struct tc *tc, int32_t scale);
void tc_enter_output(struct tc *tc);
void tc_unplug_output(struct tc *tc);

/* Posts a protocol error on the first client's wl_seat (as a broken compositor might). */
void tc_post_error(struct tc *tc);
/* Drops every client connection. */
void tc_disconnect_clients(struct tc *tc);

#endif
