/* The in-process test compositor (see test-compositor.h): its life, its output, and the
 * queries and controls the tests use; internal.h says which file holds the rest. */
#include "internal.h"

struct tc *
tc_of(struct wl_resource *r)
{
	return wl_resource_get_user_data(r);
}

void
destroy_request(struct wl_client *c, struct wl_resource *r)
{
	wl_resource_destroy(r);
}

void
unlink_resource(struct wl_resource *r)
{
	wl_list_remove(wl_resource_get_link(r));
}

/* ---- public API ---- */

struct tc *
tc_create(const char *runtime_dir, const char *socket_name, int options)
{
	return tc_create_with_scale(runtime_dir, socket_name, options, 0);
}

static const struct wl_output_interface output_impl = { .release = destroy_request };

static void
bind_output(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct tc *tc = data;
	struct wl_resource *r = wl_resource_create(client, &wl_output_interface, version < 4 ? version : 4, id);
	wl_resource_set_implementation(r, &output_impl, tc, unlink_resource);
	wl_list_insert(&tc->outputs, wl_resource_get_link(r));
	wl_output_send_geometry(r, 0, 0, 300, 200, WL_OUTPUT_SUBPIXEL_UNKNOWN, "tc", "tc", WL_OUTPUT_TRANSFORM_NORMAL);
	wl_output_send_mode(r, WL_OUTPUT_MODE_CURRENT, 1024, 640, 60000);
	if (wl_resource_get_version(r) >= 2) {
		wl_output_send_scale(r, tc->output_scale);
		wl_output_send_done(r);
	}
}

void
tc_set_configure_size(struct tc *tc, int32_t width, int32_t height)
{
	tc->configure_width = width;
	tc->configure_height = height;
}

void
tc_add_output(struct tc *tc, int32_t scale)
{
	tc->output_scale = scale;
	tc->output_global = wl_global_create(tc->display, &wl_output_interface, 4, tc, bind_output);
}

void
tc_enter_output(struct tc *tc)
{
	struct wl_resource *r;
	if (!tc->toplevel_surface)
		return;
	wl_resource_for_each(r, &tc->outputs)
		if (wl_resource_get_client(r) == wl_resource_get_client(tc->toplevel_surface))
			wl_surface_send_enter(tc->toplevel_surface, r);
	tc_flush(tc);
}

void
tc_unplug_output(struct tc *tc)
{
	struct wl_resource *r;
	if (!tc->output_global)
		return;
	/* As a compositor does when a monitor goes: the global goes, and in the same burst
	 * the surface leaves the output, before the client has let go of its wl_output. */
	wl_global_remove(tc->output_global);
	tc->output_global = NULL; /* destroyed with the display */
	if (tc->toplevel_surface)
		wl_resource_for_each(r, &tc->outputs)
			if (wl_resource_get_client(r) == wl_resource_get_client(tc->toplevel_surface))
				wl_surface_send_leave(tc->toplevel_surface, r);
	tc_flush(tc);
}

struct tc *
tc_create_with_scale(const char *runtime_dir, const char *socket_name, int options,
		     uint32_t preferred_scale120)
{
	struct tc *tc = calloc(1, sizeof *tc);
	if (!tc)
		return NULL;
	wl_list_init(&tc->seats);
	wl_list_init(&tc->touches);
	wl_list_init(&tc->pointers);
	wl_list_init(&tc->outputs);
	wl_list_init(&tc->subsurfaces);
	tc->configure_width = 640;
	tc->configure_height = 480;
	setenv("XDG_RUNTIME_DIR", runtime_dir, 1);
	tc->display = wl_display_create();
	if (!tc->display || wl_display_add_socket(tc->display, socket_name) != 0) {
		if (tc->display)
			wl_display_destroy(tc->display);
		free(tc);
		return NULL;
	}
	wl_global_create(tc->display, &wl_compositor_interface, 4, tc, bind_compositor);
	wl_global_create(tc->display, &wl_shm_interface, 1, tc, bind_shm);
	wl_global_create(tc->display, &wl_seat_interface, 7, tc, bind_seat);
	wl_list_init(&tc->tablet_seats);
	wl_global_create(tc->display, &zwp_tablet_manager_v2_interface, 1, tc, bind_tablet_manager);
	if (options & TC_SUBCOMPOSITOR)
		wl_global_create(tc->display, &wl_subcompositor_interface, 1, tc, bind_subcompositor);
	if (!(options & TC_NO_XDG_WM_BASE))
		wl_global_create(tc->display, &xdg_wm_base_interface, 5, tc, bind_wm_base);
	if (preferred_scale120) {
		tc->preferred_scale120 = preferred_scale120;
		wl_global_create(tc->display, &wp_fractional_scale_manager_v1_interface, 1, tc, bind_fractional);
		wl_global_create(tc->display, &wp_viewporter_interface, 1, tc, bind_viewporter);
	}
	return tc;
}

void
tc_destroy(struct tc *tc)
{
	wl_display_destroy_clients(tc->display);
	wl_display_destroy(tc->display);
	free(tc->seat_name);
	free(tc);
}

int
tc_dispatch(struct tc *tc, int timeout_ms)
{
	struct wl_event_loop *loop = wl_display_get_event_loop(tc->display);
	int ret = wl_event_loop_dispatch(loop, timeout_ms);
	tc_flush(tc);
	return ret;
}

bool
tc_sync(struct tc *tc, int timeout_ms)
{
	tc->ping_serial = wl_display_next_serial(tc->display);
	tc->pongs_wanted = ts_ping_clients(tc->display, tc->ping_serial);
	if (tc->pongs_wanted == 0)
		return false;
	uint32_t start = now_ms();
	while (tc->pongs_wanted > 0) {
		int left = timeout_ms - (int)(now_ms() - start);
		if (left <= 0 || tc_clients(tc) == 0)
			return false;
		tc_dispatch(tc, left);
	}
	return true;
}

void
tc_shown(struct tc *tc, int32_t *width, int32_t *height, int32_t *scale, int32_t *viewport_width,
	 int32_t *viewport_height)
{
	*width = tc->shown_width;
	*height = tc->shown_height;
	*scale = tc->shown_scale;
	*viewport_width = tc->viewport_width;
	*viewport_height = tc->viewport_height;
}

bool
tc_has_mapped_toplevel(struct tc *tc)
{
	return tc->mapped;
}

int
tc_clients(struct tc *tc)
{
	return wl_list_length(wl_display_get_client_list(tc->display));
}

void
tc_set_seat_name(struct tc *tc, const char *name)
{
	free(tc->seat_name);
	tc->seat_name = strdup(name);
}

void
tc_set_capabilities(struct tc *tc, uint32_t capabilities)
{
	tc->capabilities = capabilities;
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->seats)
		wl_seat_send_capabilities(r, capabilities);
	tc_flush(tc);
}

void
tc_post_error(struct tc *tc)
{
	if (!wl_list_empty(&tc->seats)) {
		struct wl_resource *seat = wl_resource_from_link(tc->seats.next);
		wl_resource_post_error(seat, WL_SEAT_ERROR_MISSING_CAPABILITY, "test: broken compositor");
	}
	tc_flush(tc);
}

void
tc_disconnect_clients(struct tc *tc)
{
	wl_display_destroy_clients(tc->display);
}

void
tc_configure(struct tc *tc, int32_t width, int32_t height)
{
	if (tc->toplevel && tc->xdg_surface)
		send_toplevel_configure(tc, tc->toplevel, tc->xdg_surface, width, height);
	tc_flush(tc);
}

const char *
tc_screenshot(struct tc *tc, const char *path)
{
	static char error[256];
	if (!tc->toplevel_surface)
		return "no toplevel";
	struct surface *s = wl_resource_get_user_data(tc->toplevel_surface);
	if (!s->current_buffer)
		return "the toplevel shows no buffer";
	struct buffer_size *b = wl_resource_get_user_data(s->current_buffer);
	size_t length = (size_t)b->offset + (size_t)b->stride * (size_t)b->height;
	void *map = b->fd >= 0 ? mmap(NULL, length, PROT_READ, MAP_SHARED, b->fd, 0) : MAP_FAILED;
	if (map == MAP_FAILED)
		return "cannot map the buffer";
	/* touchspots draws ARGB8888 / XRGB8888: red in bits 16-23. */
	bool ok = ts_write_png(path, (const char *)map + b->offset, (size_t)b->stride, b->width, b->height,
			       true, false, error, sizeof error);
	munmap(map, length);
	return ok ? NULL : error;
}

bool
tc_pixel(struct tc *tc, int32_t x, int32_t y, uint32_t *argb)
{
	return tc->toplevel_surface &&
	       surface_pixel(wl_resource_get_user_data(tc->toplevel_surface), x, y, argb);
}

void
tc_hold_frame_callbacks(struct tc *tc, bool hold)
{
	tc->holds_frame_callbacks = hold;
}

int
tc_buffers_created(struct tc *tc)
{
	return tc->buffers_created;
}

int
tc_commits(struct tc *tc)
{
	return tc->commits;
}

unsigned
tc_flush_count(struct tc *tc)
{
	return tc->flushes;
}
