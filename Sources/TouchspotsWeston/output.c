/* The output: its repaints, screenshots and where the client's window is. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include <pixman.h>

HIDDEN void
take_screenshot(struct harness *h)
{
	struct weston_output *o = h->output;
	struct weston_compositor *ec = h->compositor;
	int width = o->current_mode->width, height = o->current_mode->height;
	uint32_t *pixels = malloc((size_t)width * height * 4);
	char err[512];

	if (!pixels) {
		finish_wait(h, "error: out of memory");
		return;
	}
	if (ec->renderer->read_pixels(o, ec->read_format, pixels, 0, 0, width, height) < 0) {
		free(pixels);
		finish_wait(h, "error: the renderer could not read pixels (is --use-pixman set?)");
		return;
	}
	bool ok = ts_write_png(h->screenshot_path, pixels, (size_t)width * 4, width, height,
			       PIXMAN_FORMAT_TYPE(ec->read_format) != PIXMAN_TYPE_ABGR,
			       ec->capabilities & WESTON_CAP_CAPTURE_YFLIP, err, sizeof err);
	free(pixels);
	if (ok)
		finish_wait(h, "ok %d %d", width, height);
	else
		finish_wait(h, "error: %s", err);
}

/* Runs after every repaint of the output. */
HIDDEN void
on_frame(struct wl_listener *listener, void *data)
{
	struct harness *h = wl_container_of(listener, h, frame_listener);
	h->commits_shown = h->commits;
	pixel_watch_repainted(&h->watch);
	switch (h->wait) {
	case WAIT_READY:
		if (client_view_is_pickable(h))
			finish_wait(h, "ok");
		break;
	case WAIT_SYNC_REPAINT:
		sync_round(h);
		break;
	case WAIT_SCREENSHOT:
		take_screenshot(h);
		break;
	default:
		break;
	}
}

/* The newest mapped toplevel's content on the output: where a windowed client sits, so
 * the harness can place touches on it (its title bar and libdecor's frame lie outside). */
HIDDEN void
window_command(struct harness *h, struct connection *c)
{
	struct weston_view *view, *found = NULL;
	wl_list_for_each(view, &h->compositor->view_list, link) {
		struct weston_surface *s = view->surface;
		if (!s->resource || !weston_surface_is_mapped(s) || weston_surface_get_main_surface(s) != s)
			continue;
		if (!s->role_name || strcmp(s->role_name, "xdg_toplevel") != 0)
			continue;
		found = view; /* view_list runs top to bottom: the first is the topmost */
		break;
	}
	if (!found) {
		reply(c, "error: window: no client window is mapped");
		return;
	}
	reply(c, "ok %g %g %d %d", found->geometry.x, found->geometry.y,
	      found->surface->width, found->surface->height);
}
