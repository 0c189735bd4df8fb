/* Sync: pinging every client until it is idle and what it committed is shown. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

HIDDEN bool
client_view_is_pickable(struct harness *h)
{
	struct weston_view *view;
	/* compositor->view_list is the pick list, rebuilt at every repaint. */
	wl_list_for_each(view, &h->compositor->view_list, link) {
		if (view->surface->resource && weston_surface_is_mapped(view->surface))
			return true;
	}
	return false;
}

/* Pings every client's xdg_wm_base with our own serial; the pongs come back after each
 * client has handled everything sent before the ping. libweston-desktop ignores pongs to
 * serials it did not issue. Returns how many were pinged. */
static int
ping_clients(struct harness *h)
{
	h->ping_serial = wl_display_next_serial(h->compositor->wl_display);
	h->pongs_expected = ts_ping_clients(h->compositor->wl_display, h->ping_serial);
	return h->pongs_expected;
}

/*
 * Sync: done when every client is idle and the screen shows all it committed.
 *
 * A client may answer a ping before it draws what the same batch of events asked for
 * (touchspots pongs while dispatching, then draws), so one ping cannot tell that it is
 * idle. A round is therefore two pings back to back: commits that arrive between the
 * first pong and the second mean the client was still drawing. Then, if anything was
 * committed since the last repaint, repaint (which answers frame callbacks, which may
 * make a client draw again) and start another round.
 */
HIDDEN void
sync_round(struct harness *h)
{
	if (++h->sync_rounds > MAX_SYNC_ROUNDS) {
		finish_wait(h, "error: clients kept committing for %d rounds", MAX_SYNC_ROUNDS);
		return;
	}
	h->wait = WAIT_SYNC_PONG;
	if (ping_clients(h) == 0)
		finish_wait(h, "ok");
}

static void
after_pongs(struct harness *h)
{
	if (h->wait == WAIT_SYNC_PONG) {
		h->commits_after_first_pong = h->commits;
		h->wait = WAIT_SYNC_SECOND_PONG;
		if (ping_clients(h) == 0)
			finish_wait(h, "ok");
		return;
	}
	if (h->commits == h->commits_after_first_pong && h->commits == h->commits_shown) {
		finish_wait(h, "ok");
		return;
	}
	h->wait = WAIT_SYNC_REPAINT;
	weston_output_schedule_repaint(h->output);
}

HIDDEN void
protocol_logger(void *data, enum wl_protocol_logger_type type,
		const struct wl_protocol_logger_message *message)
{
	struct harness *h = data;
	if (type != WL_PROTOCOL_LOGGER_REQUEST)
		return;
	const char *iface = wl_resource_get_class(message->resource);
	ts_request_counts_add(&h->requests, iface, message->message->name);
	if (strcmp(message->message->name, "commit") == 0 &&
	    strcmp(iface, "wl_surface") == 0) {
		h->commits++;
	} else if ((h->wait == WAIT_SYNC_PONG || h->wait == WAIT_SYNC_SECOND_PONG) &&
		   strcmp(message->message->name, "pong") == 0 &&
		   strcmp(iface, "xdg_wm_base") == 0 && message->arguments_count > 0 &&
		   message->arguments[0].u == h->ping_serial) {
		if (--h->pongs_expected <= 0)
			after_pongs(h);
	}
}
