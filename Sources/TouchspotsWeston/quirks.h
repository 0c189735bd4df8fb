#ifndef TOUCHSPOTS_WESTON_QUIRKS_H
#define TOUCHSPOTS_WESTON_QUIRKS_H

#include <libweston/libweston.h>
#include <wayland-server.h>

/* Every workaround for a weston bug lives in quirks.c, named after the weston version
 * it is for, so it can be found and retired when the harness moves to a fixed weston. */

/* weston 10.0 (fixed in 12): the up that lifts the last finger clears the touch focus
 * inside its own handling, so the wl_touch.frame that should close that group goes
 * nowhere. Call after notify_touch_frame when the group ended with the last up; sends
 * the frame to `client` (the one that had the focus) if weston dropped it. */
void quirk_weston10_frame_after_last_up(struct weston_touch *touch, struct wl_client *client);

/* weston 10.0 (fixed in 12): notify_touch_cancel reaches the default grab, whose cancel
 * handler is empty, so clients never see wl_touch.cancel. Call after notify_touch_cancel:
 * sends the cancel to the focused client and resets weston's touch-point count and focus
 * as a working cancel would. */
void quirk_weston10_deliver_cancel(struct weston_touch *touch);

#endif
