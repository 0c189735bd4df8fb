/* The seat: touch, pointer and keyboard commands. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include <linux/input-event-codes.h>

#include "quirks.h"

/* ---- touch commands ---- */

static int
find_active(struct harness *h, int32_t id)
{
	for (int i = 0; i < h->active_count; i++)
		if (h->active[i] == id)
			return i;
	return -1;
}

/* Input event times on CLOCK_MONOTONIC, as libinput stamps real devices (weston's own
 * presentation clock is CLOCK_MONOTONIC_RAW headless, which drifts from it by a few ms an
 * hour): a client relating input times to its own clocks sees what it would on a real
 * machine. */
static void
now(struct harness *h, struct timespec *ts)
{
	(void)h;
	clock_gettime(CLOCK_MONOTONIC, ts);
}

HIDDEN void
touch_command(struct harness *h, struct connection *c, const struct ts_command *cmd)
{
	int type = cmd->kind == TS_COMMAND_DOWN ? WL_TOUCH_DOWN
		 : cmd->kind == TS_COMMAND_UP ? WL_TOUCH_UP : WL_TOUCH_MOTION;
	int32_t id = cmd->id;
	struct timespec ts;

	if (h->touch_released) {
		reply(c, "error: %s: the seat has no touch (touch-capability off)", cmd->name);
		return;
	}
	int index = find_active(h, id);
	if (type == WL_TOUCH_DOWN && index >= 0) {
		reply(c, "error: %s: touch %d is already down", cmd->name, id);
		return;
	}
	if (type != WL_TOUCH_DOWN && index < 0) {
		reply(c, "error: %s: touch %d is not down", cmd->name, id);
		return;
	}
	if (type == WL_TOUCH_DOWN && h->active_count == MAX_TOUCHES) {
		reply(c, "error: down: at most %d touches at once", MAX_TOUCHES);
		return;
	}

	struct weston_touch *touch = weston_seat_get_touch(&h->seat);
	if (type == WL_TOUCH_UP && touch->focus && touch->focus->surface->resource)
		h->last_focus_client = wl_resource_get_client(touch->focus->surface->resource);

	now(h, &ts);
	notify_touch_normalized(h->device, &ts, id, cmd->x, cmd->y, NULL, type);
	if (type != WL_TOUCH_UP)
		pixel_watch_touched(&h->watch, (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);

	if (type == WL_TOUCH_DOWN) {
		h->active[h->active_count++] = id;
		h->frame_owed = false;
	} else if (type == WL_TOUCH_UP) {
		h->active[index] = h->active[--h->active_count];
		h->frame_owed = h->active_count == 0;
	}
	reply(c, "ok");
}

HIDDEN void
harness_frame(struct harness *h, struct connection *c)
{
	if (h->touch_released) {
		reply(c, "error: frame: the seat has no touch (touch-capability off)");
		return;
	}
	struct weston_touch *touch = weston_seat_get_touch(&h->seat);
	notify_touch_frame(h->device);
	if (h->frame_owed && !h->as_shipped)
		quirk_weston10_frame_after_last_up(touch, h->last_focus_client);
	h->frame_owed = false;
	reply(c, "ok");
}

HIDDEN void
harness_cancel(struct harness *h, struct connection *c)
{
	/* weston_seat_get_touch is NULL while the seat has no touch. */
	if (h->touch_released) {
		reply(c, "error: cancel: the seat has no touch (touch-capability off)");
		return;
	}
	notify_touch_cancel(h->device);
	if (!h->as_shipped)
		quirk_weston10_deliver_cancel(weston_seat_get_touch(&h->seat));
	h->active_count = 0;
	h->frame_owed = false;
	reply(c, "ok");
}

/* The seat loses touch or gains it again, announced to clients through
 * wl_seat.capabilities, as when a touchscreen is unplugged and plugged back. weston 10's
 * release clears the focus and cancels the grab, whose default cancel is empty: a client's
 * touches get neither up nor cancel, which a conformance run reports (as shipped). Every
 * other run first cancels them itself (quirks.c), so that a nested compositor, the host's
 * client, is never left with touches down. weston keeps the seat's touch state and the
 * module's device across the two: a nested compositor that creates its touch device only
 * when touch is announced after it started (wlroots 0.15's wayland backend) gets one. */
HIDDEN void
harness_touch_capability(struct harness *h, struct connection *c, bool on)
{
	if (on == h->touch_released) {
		if (on) {
			weston_seat_init_touch(&h->seat);
		} else {
			if (h->active_count > 0 && !h->as_shipped)
				quirk_weston10_deliver_cancel(weston_seat_get_touch(&h->seat));
			weston_seat_release_touch(&h->seat);
		}
		h->touch_released = !on;
		h->active_count = 0;
		h->frame_owed = false;
	}
	reply(c, "ok");
}

/* ---- pointer and keyboard commands ---- */

HIDDEN void
pointer_command(struct harness *h, struct connection *c, const struct ts_command *cmd)
{
	struct timespec ts;
	if (!h->has_pointer) {
		reply(c, "unsupported: this seat has no pointer");
		return;
	}
	now(h, &ts);
	if (cmd->kind == TS_COMMAND_POINTER) {
		notify_motion_absolute(&h->seat, &ts, cmd->x, cmd->y);
	} else {
		notify_button(&h->seat, &ts, (int32_t)cmd->code,
			      cmd->pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
	}
	notify_pointer_frame(&h->seat);
	reply(c, "ok");
}

HIDDEN void
key_command(struct harness *h, struct connection *c, const struct ts_command *cmd)
{
	struct timespec ts;
	if (!h->has_keyboard) {
		reply(c, "unsupported: this seat has no keyboard (is xkb-data installed?)");
		return;
	}
	now(h, &ts);
	notify_key(&h->seat, &ts, cmd->code,
		   cmd->pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
		   STATE_UPDATE_AUTOMATIC);
	reply(c, "ok");
}
