/* The in-process test compositor; see test-compositor.h. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server.h>

#include "test-compositor.h"
#include "harness-server-support.h"
#include "xdg-shell-server-protocol.h"
#include "fractional-scale-v1-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "tablet-unstable-v2-server-protocol.h"

struct tc {
	struct wl_display *display;
	struct wl_list seats;      /* wl_seat resources */
	struct wl_list touches;    /* wl_touch resources */
	struct wl_list pointers;   /* wl_pointer resources */
	uint32_t capabilities;
	char *seat_name;           /* wl_seat.name sent at bind */
	int touches_created;
	struct wl_resource *toplevel_surface; /* wl_surface of the toplevel */
	bool configured;
	bool mapped;
	uint32_t ping_serial;
	int pongs_wanted;
	uint32_t preferred_scale120; /* 0: no wp_fractional_scale_manager_v1 */
	/* What the toplevel last showed. */
	int32_t shown_width, shown_height, shown_scale;
	int32_t viewport_width, viewport_height;
	struct wl_global *output_global; /* NULL: no wl_output */
	struct wl_list outputs;          /* wl_output resources */
	int32_t output_scale;
	int32_t configure_width, configure_height; /* the toplevel's first configure */
	struct wl_resource *toplevel;    /* xdg_toplevel of the toplevel surface */
	struct wl_resource *xdg_surface; /* its xdg_surface */
	int commits;                     /* commits of the toplevel surface */
	bool holds_frame_callbacks;      /* answer none, as for a window nobody sees */
	struct wl_list tablet_seats;     /* zwp_tablet_seat_v2 resources */
	struct wl_resource *tablet;      /* the one zwp_tablet_v2, once added */
	struct wl_resource *tool;        /* the one zwp_tablet_tool_v2, once added */
};

struct surface {
	struct tc *tc;
	struct wl_resource *resource;
	int32_t pending_scale, scale;
	int32_t viewport_width, viewport_height;
	struct wl_resource *pending_buffer;
	struct wl_resource *current_buffer;
	struct wl_list frame_callbacks;
	bool has_role;
};

static struct tc *
tc_of(struct wl_resource *r)
{
	return wl_resource_get_user_data(r);
}

static void
destroy_request(struct wl_client *c, struct wl_resource *r)
{
	wl_resource_destroy(r);
}

static void
unlink_resource(struct wl_resource *r)
{
	wl_list_remove(wl_resource_get_link(r));
}

/* ---- wl_region ---- */

static void region_add(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w,
		       int32_t h) {}
static const struct wl_region_interface region_impl = {
	.destroy = destroy_request, .add = region_add, .subtract = region_add,
};

/* ---- wl_buffer (shm) ---- */

static const struct wl_buffer_interface buffer_impl = { .destroy = destroy_request };

/* A buffer keeps its own descriptor of the pool's memory, so that a screenshot can read
 * the pixels whatever became of the pool. */
struct buffer_size {
	int32_t width, height;
	int fd;
	int32_t offset, stride;
};

static void
buffer_free(struct wl_resource *r)
{
	struct buffer_size *size = wl_resource_get_user_data(r);
	if (size->fd >= 0)
		close(size->fd);
	free(size);
}

struct pool {
	int32_t size;
	int fd;
};

static void
pool_create_buffer(struct wl_client *c, struct wl_resource *r, uint32_t id, int32_t offset,
		   int32_t width, int32_t height, int32_t stride, uint32_t format)
{
	struct pool *pool = wl_resource_get_user_data(r);
	if (width <= 0 || height <= 0 || stride < width * 4 || offset < 0 ||
	    (int64_t)offset + (int64_t)stride * height > pool->size) {
		wl_resource_post_error(r, WL_SHM_ERROR_INVALID_STRIDE, "bad buffer geometry");
		return;
	}
	struct buffer_size *size = malloc(sizeof *size);
	size->width = width;
	size->height = height;
	size->fd = fcntl(pool->fd, F_DUPFD_CLOEXEC, 0);
	size->offset = offset;
	size->stride = stride;
	struct wl_resource *b = wl_resource_create(c, &wl_buffer_interface, 1, id);
	wl_resource_set_implementation(b, &buffer_impl, size, buffer_free);
}

static void
pool_resize(struct wl_client *c, struct wl_resource *r, int32_t size)
{
	struct pool *pool = wl_resource_get_user_data(r);
	pool->size = size;
}

static const struct wl_shm_pool_interface pool_impl = {
	.create_buffer = pool_create_buffer, .destroy = destroy_request, .resize = pool_resize,
};

static void
pool_free(struct wl_resource *r)
{
	struct pool *pool = wl_resource_get_user_data(r);
	close(pool->fd);
	free(pool);
}

static void
shm_create_pool(struct wl_client *c, struct wl_resource *r, uint32_t id, int32_t fd, int32_t size)
{
	struct pool *pool = calloc(1, sizeof *pool);
	pool->size = size;
	pool->fd = fd;
	struct wl_resource *p = wl_resource_create(c, &wl_shm_pool_interface, 1, id);
	wl_resource_set_implementation(p, &pool_impl, pool, pool_free);
}

static const struct wl_shm_interface shm_impl = { .create_pool = shm_create_pool };

static void
bind_shm(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wl_shm_interface, 1, id);
	wl_resource_set_implementation(r, &shm_impl, data, NULL);
	wl_shm_send_format(r, WL_SHM_FORMAT_ARGB8888);
	wl_shm_send_format(r, WL_SHM_FORMAT_XRGB8888);
}

/* ---- wl_surface ---- */

static void
surface_attach(struct wl_client *c, struct wl_resource *r, struct wl_resource *buffer, int32_t x,
	       int32_t y)
{
	struct surface *s = wl_resource_get_user_data(r);
	s->pending_buffer = buffer;
}

static void surface_damage(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y,
			   int32_t w, int32_t h) {}

static void
surface_frame(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct surface *s = wl_resource_get_user_data(r);
	struct wl_resource *cb = wl_resource_create(c, &wl_callback_interface, 1, id);
	wl_resource_set_implementation(cb, NULL, NULL, unlink_resource);
	wl_list_insert(s->frame_callbacks.prev, wl_resource_get_link(cb));
}

static void surface_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *g) {}

static uint32_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

static void
surface_commit(struct wl_client *c, struct wl_resource *r)
{
	struct surface *s = wl_resource_get_user_data(r);
	if (r == s->tc->toplevel_surface)
		s->tc->commits++;
	if (s->pending_buffer) {
		/* Shown at once; the previous buffer is free again. */
		if (s->current_buffer && s->current_buffer != s->pending_buffer)
			wl_buffer_send_release(s->current_buffer);
		s->current_buffer = s->pending_buffer;
		s->pending_buffer = NULL;
		s->scale = s->pending_scale;
		if (r == s->tc->toplevel_surface && s->tc->configured) {
			struct buffer_size *size = wl_resource_get_user_data(s->current_buffer);
			s->tc->mapped = true;
			s->tc->shown_width = size->width;
			s->tc->shown_height = size->height;
			s->tc->shown_scale = s->scale;
			s->tc->viewport_width = s->viewport_width;
			s->tc->viewport_height = s->viewport_height;
		}
	}
	if (s->tc->holds_frame_callbacks)
		return;
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &s->frame_callbacks) {
		wl_callback_send_done(cb, now_ms());
		wl_resource_destroy(cb);
	}
}

static void surface_transform(struct wl_client *c, struct wl_resource *r, int32_t v) {}

static void
surface_set_scale(struct wl_client *c, struct wl_resource *r, int32_t scale)
{
	struct surface *s = wl_resource_get_user_data(r);
	s->pending_scale = scale;
}
static void surface_offset(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y) {}

static const struct wl_surface_interface surface_impl = {
	.destroy = destroy_request,
	.attach = surface_attach,
	.damage = surface_damage,
	.frame = surface_frame,
	.set_opaque_region = surface_region,
	.set_input_region = surface_region,
	.commit = surface_commit,
	.set_buffer_transform = surface_transform,
	.set_buffer_scale = surface_set_scale,
	.damage_buffer = surface_damage,
	.offset = surface_offset,
};

static void
surface_free(struct wl_resource *r)
{
	struct surface *s = wl_resource_get_user_data(r);
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &s->frame_callbacks)
		wl_resource_destroy(cb);
	if (s->tc->toplevel_surface == r) {
		s->tc->toplevel_surface = NULL;
		s->tc->mapped = false;
	}
	free(s);
}

static void
compositor_create_surface(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct surface *s = calloc(1, sizeof *s);
	s->tc = tc_of(r);
	s->pending_scale = s->scale = 1;
	wl_list_init(&s->frame_callbacks);
	s->resource = wl_resource_create(c, &wl_surface_interface, wl_resource_get_version(r), id);
	wl_resource_set_implementation(s->resource, &surface_impl, s, surface_free);
}

static void
compositor_create_region(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *g = wl_resource_create(c, &wl_region_interface, 1, id);
	wl_resource_set_implementation(g, &region_impl, NULL, NULL);
}

static const struct wl_compositor_interface compositor_impl = {
	.create_surface = compositor_create_surface,
	.create_region = compositor_create_region,
};

static void
bind_compositor(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wl_compositor_interface, version, id);
	wl_resource_set_implementation(r, &compositor_impl, data, NULL);
}

/* ---- wl_seat and wl_touch ---- */

static const struct wl_touch_interface touch_impl = { .release = destroy_request };

static void
seat_get_touch(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct tc *tc = tc_of(r);
	struct wl_resource *t = wl_resource_create(c, &wl_touch_interface, wl_resource_get_version(r), id);
	wl_resource_set_implementation(t, &touch_impl, tc, unlink_resource);
	wl_list_insert(&tc->touches, wl_resource_get_link(t));
	tc->touches_created++;
}

static void
seat_get_other(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	wl_resource_post_error(r, WL_SEAT_ERROR_MISSING_CAPABILITY, "only touch and pointer here");
}

static void
pointer_set_cursor(struct wl_client *c, struct wl_resource *r, uint32_t serial,
		   struct wl_resource *surface, int32_t x, int32_t y) {}

static const struct wl_pointer_interface pointer_impl = {
	.set_cursor = pointer_set_cursor,
	.release = destroy_request,
};

static void
seat_get_pointer(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct tc *tc = tc_of(r);
	struct wl_resource *p = wl_resource_create(c, &wl_pointer_interface, wl_resource_get_version(r), id);
	wl_resource_set_implementation(p, &pointer_impl, tc, unlink_resource);
	wl_list_insert(&tc->pointers, wl_resource_get_link(p));
}

static const struct wl_seat_interface seat_impl = {
	.get_pointer = seat_get_pointer,
	.get_keyboard = seat_get_other,
	.get_touch = seat_get_touch,
	.release = destroy_request,
};

static void
bind_seat(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct tc *tc = data;
	struct wl_resource *r = wl_resource_create(c, &wl_seat_interface, version, id);
	wl_resource_set_implementation(r, &seat_impl, tc, unlink_resource);
	wl_list_insert(&tc->seats, wl_resource_get_link(r));
	wl_seat_send_capabilities(r, tc->capabilities);
	if (version >= 2)
		wl_seat_send_name(r, tc->seat_name ? tc->seat_name : "test-seat");
}

/* ---- tablet-v2: one tablet and one tool for the toplevel's client ---- */

static void
forget_tablet(struct wl_resource *r)
{
	struct tc *tc = tc_of(r);
	if (tc->tablet == r)
		tc->tablet = NULL;
}

static void
forget_tool(struct wl_resource *r)
{
	struct tc *tc = tc_of(r);
	if (tc->tool == r)
		tc->tool = NULL;
}

static void
tool_set_cursor(struct wl_client *c, struct wl_resource *r, uint32_t serial, struct wl_resource *surface,
		int32_t x, int32_t y) {}

static const struct zwp_tablet_tool_v2_interface tool_impl = {
	.set_cursor = tool_set_cursor,
	.destroy = destroy_request,
};
static const struct zwp_tablet_v2_interface tablet_impl = { .destroy = destroy_request };
static const struct zwp_tablet_seat_v2_interface tablet_seat_impl = { .destroy = destroy_request };

static void
manager_get_tablet_seat(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *seat)
{
	struct tc *tc = tc_of(r);
	struct wl_resource *t = wl_resource_create(c, &zwp_tablet_seat_v2_interface, 1, id);
	wl_resource_set_implementation(t, &tablet_seat_impl, tc, unlink_resource);
	wl_list_insert(&tc->tablet_seats, wl_resource_get_link(t));
}

static const struct zwp_tablet_manager_v2_interface tablet_manager_impl = {
	.get_tablet_seat = manager_get_tablet_seat,
	.destroy = destroy_request,
};

static void
bind_tablet_manager(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &zwp_tablet_manager_v2_interface, 1, id);
	wl_resource_set_implementation(r, &tablet_manager_impl, data, NULL);
}

/* The toplevel client's tablet seat, if it asked for one. */
static struct wl_resource *
toplevel_tablet_seat(struct tc *tc)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->tablet_seats)
		if (tc->toplevel_surface &&
		    wl_resource_get_client(r) == wl_resource_get_client(tc->toplevel_surface))
			return r;
	return NULL;
}

bool
tc_tablet_add(struct tc *tc)
{
	struct wl_resource *seat = toplevel_tablet_seat(tc);
	if (!seat || tc->tablet)
		return false;
	struct wl_client *c = wl_resource_get_client(seat);
	tc->tablet = wl_resource_create(c, &zwp_tablet_v2_interface, 1, 0);
	wl_resource_set_implementation(tc->tablet, &tablet_impl, tc, forget_tablet);
	zwp_tablet_seat_v2_send_tablet_added(seat, tc->tablet);
	zwp_tablet_v2_send_name(tc->tablet, "test tablet");
	zwp_tablet_v2_send_done(tc->tablet);
	return true;
}

bool
tc_tool_add(struct tc *tc, bool eraser)
{
	struct wl_resource *seat = toplevel_tablet_seat(tc);
	if (!seat || tc->tool)
		return false;
	struct wl_client *c = wl_resource_get_client(seat);
	tc->tool = wl_resource_create(c, &zwp_tablet_tool_v2_interface, 1, 0);
	wl_resource_set_implementation(tc->tool, &tool_impl, tc, forget_tool);
	zwp_tablet_seat_v2_send_tool_added(seat, tc->tool);
	zwp_tablet_tool_v2_send_type(tc->tool, eraser ? ZWP_TABLET_TOOL_V2_TYPE_ERASER : ZWP_TABLET_TOOL_V2_TYPE_PEN);
	zwp_tablet_tool_v2_send_capability(tc->tool, ZWP_TABLET_TOOL_V2_CAPABILITY_PRESSURE);
	zwp_tablet_tool_v2_send_capability(tc->tool, ZWP_TABLET_TOOL_V2_CAPABILITY_TILT);
	zwp_tablet_tool_v2_send_capability(tc->tool, ZWP_TABLET_TOOL_V2_CAPABILITY_DISTANCE);
	zwp_tablet_tool_v2_send_done(tc->tool);
	return true;
}

void
tc_tool_proximity_in(struct tc *tc, double x, double y)
{
	if (!tc->tool || !tc->tablet || !tc->toplevel_surface)
		return;
	zwp_tablet_tool_v2_send_proximity_in(tc->tool, wl_display_next_serial(tc->display), tc->tablet,
					     tc->toplevel_surface);
	zwp_tablet_tool_v2_send_motion(tc->tool, wl_fixed_from_double(x), wl_fixed_from_double(y));
}

void
tc_tool_proximity_out(struct tc *tc)
{
	if (tc->tool)
		zwp_tablet_tool_v2_send_proximity_out(tc->tool);
}

void
tc_tool_tip(struct tc *tc, bool down)
{
	if (!tc->tool)
		return;
	if (down)
		zwp_tablet_tool_v2_send_down(tc->tool, wl_display_next_serial(tc->display));
	else
		zwp_tablet_tool_v2_send_up(tc->tool);
}

void
tc_tool_motion(struct tc *tc, double x, double y)
{
	if (tc->tool)
		zwp_tablet_tool_v2_send_motion(tc->tool, wl_fixed_from_double(x), wl_fixed_from_double(y));
}

void
tc_tool_pressure(struct tc *tc, uint32_t raw)
{
	if (tc->tool)
		zwp_tablet_tool_v2_send_pressure(tc->tool, raw);
}

void
tc_tool_tilt(struct tc *tc, double x, double y)
{
	if (tc->tool)
		zwp_tablet_tool_v2_send_tilt(tc->tool, wl_fixed_from_double(x), wl_fixed_from_double(y));
}

void
tc_tool_frame(struct tc *tc, uint32_t time)
{
	if (tc->tool)
		zwp_tablet_tool_v2_send_frame(tc->tool, time);
}

void
tc_tool_remove(struct tc *tc)
{
	if (tc->tool)
		zwp_tablet_tool_v2_send_removed(tc->tool);
	tc->tool = NULL; /* the client destroys it; a new tool may be added meanwhile */
}

void
tc_tablet_remove(struct tc *tc)
{
	if (tc->tablet)
		zwp_tablet_v2_send_removed(tc->tablet);
	tc->tablet = NULL;
}

/* ---- xdg-shell ---- */

static void noop_r(struct wl_client *c, struct wl_resource *r) {}
static void noop_r_res(struct wl_client *c, struct wl_resource *r, struct wl_resource *o) {}
static void noop_r_str(struct wl_client *c, struct wl_resource *r, const char *s) {}
static void noop_menu(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat,
		      uint32_t serial, int32_t x, int32_t y) {}
static void noop_move(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat,
		      uint32_t serial) {}
static void noop_resize(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat,
			uint32_t serial, uint32_t edges) {}
static void noop_size(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h) {}

static const struct xdg_toplevel_interface toplevel_impl = {
	.destroy = destroy_request,
	.set_parent = noop_r_res,
	.set_title = noop_r_str,
	.set_app_id = noop_r_str,
	.show_window_menu = noop_menu,
	.move = noop_move,
	.resize = noop_resize,
	.set_max_size = noop_size,
	.set_min_size = noop_size,
	.set_maximized = noop_r,
	.unset_maximized = noop_r,
	.set_fullscreen = noop_r_res,
	.unset_fullscreen = noop_r,
	.set_minimized = noop_r,
};

struct xdg_surface_data {
	struct tc *tc;
	struct wl_resource *surface;
};

static void
toplevel_free(struct wl_resource *r)
{
	struct tc *tc = wl_resource_get_user_data(r);
	if (tc->toplevel == r) {
		tc->toplevel = NULL;
		tc->xdg_surface = NULL;
	}
}

static void
send_toplevel_configure(struct tc *tc, struct wl_resource *toplevel, struct wl_resource *xdg_surface,
			int32_t width, int32_t height)
{
	struct wl_array states;
	wl_array_init(&states);
	uint32_t *state = wl_array_add(&states, sizeof *state);
	*state = XDG_TOPLEVEL_STATE_ACTIVATED;
	xdg_toplevel_send_configure(toplevel, width, height, &states);
	wl_array_release(&states);
	xdg_surface_send_configure(xdg_surface, wl_display_next_serial(tc->display));
}

static void
xdg_surface_get_toplevel(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct xdg_surface_data *d = wl_resource_get_user_data(r);
	struct wl_resource *t = wl_resource_create(c, &xdg_toplevel_interface, wl_resource_get_version(r), id);
	wl_resource_set_implementation(t, &toplevel_impl, d->tc, toplevel_free);
	d->tc->toplevel_surface = d->surface;
	d->tc->toplevel = t;
	d->tc->xdg_surface = r;
	/* Configure at once: 640 x 480 unless told, activated. */
	send_toplevel_configure(d->tc, t, r, d->tc->configure_width, d->tc->configure_height);
}

static void
xdg_surface_get_popup(struct wl_client *c, struct wl_resource *r, uint32_t id,
		      struct wl_resource *parent, struct wl_resource *positioner)
{
	wl_resource_post_error(r, XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT, "no popups here");
}

static void noop_geometry(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y,
			  int32_t w, int32_t h) {}

static void
xdg_surface_ack(struct wl_client *c, struct wl_resource *r, uint32_t serial)
{
	struct xdg_surface_data *d = wl_resource_get_user_data(r);
	d->tc->configured = true;
}

static const struct xdg_surface_interface xdg_surface_impl = {
	.destroy = destroy_request,
	.get_toplevel = xdg_surface_get_toplevel,
	.get_popup = xdg_surface_get_popup,
	.set_window_geometry = noop_geometry,
	.ack_configure = xdg_surface_ack,
};

static void
xdg_surface_free(struct wl_resource *r)
{
	free(wl_resource_get_user_data(r));
}

static void
wm_base_create_positioner(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	wl_resource_post_error(r, XDG_WM_BASE_ERROR_INVALID_POSITIONER, "no positioners here");
}

static void
wm_base_get_xdg_surface(struct wl_client *c, struct wl_resource *r, uint32_t id,
			struct wl_resource *surface)
{
	struct xdg_surface_data *d = calloc(1, sizeof *d);
	d->tc = tc_of(r);
	d->surface = surface;
	struct wl_resource *x = wl_resource_create(c, &xdg_surface_interface, wl_resource_get_version(r), id);
	wl_resource_set_implementation(x, &xdg_surface_impl, d, xdg_surface_free);
}

static void
wm_base_pong(struct wl_client *c, struct wl_resource *r, uint32_t serial)
{
	struct tc *tc = tc_of(r);
	if (serial == tc->ping_serial && tc->pongs_wanted > 0)
		tc->pongs_wanted--;
}

static const struct xdg_wm_base_interface wm_base_impl = {
	.destroy = destroy_request,
	.create_positioner = wm_base_create_positioner,
	.get_xdg_surface = wm_base_get_xdg_surface,
	.pong = wm_base_pong,
};

static void
bind_wm_base(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &xdg_wm_base_interface, version, id);
	wl_resource_set_implementation(r, &wm_base_impl, data, NULL);
}

/* ---- wp_fractional_scale_v1 and wp_viewporter ---- */

static const struct wp_fractional_scale_v1_interface fractional_impl = { .destroy = destroy_request };

static void
fractional_get(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *surface)
{
	struct tc *tc = tc_of(r);
	struct wl_resource *f = wl_resource_create(c, &wp_fractional_scale_v1_interface, 1, id);
	wl_resource_set_implementation(f, &fractional_impl, tc, NULL);
	wp_fractional_scale_v1_send_preferred_scale(f, tc->preferred_scale120);
}

static const struct wp_fractional_scale_manager_v1_interface fractional_manager_impl = {
	.destroy = destroy_request, .get_fractional_scale = fractional_get,
};

static void
bind_fractional(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wp_fractional_scale_manager_v1_interface, 1, id);
	wl_resource_set_implementation(r, &fractional_manager_impl, data, NULL);
}

static void viewport_source(struct wl_client *c, struct wl_resource *r, wl_fixed_t x, wl_fixed_t y,
			    wl_fixed_t w, wl_fixed_t h) {}

static void
viewport_destination(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h)
{
	struct surface *s = wl_resource_get_user_data(r);
	s->viewport_width = w;
	s->viewport_height = h;
}

static const struct wp_viewport_interface viewport_impl = {
	.destroy = destroy_request, .set_source = viewport_source, .set_destination = viewport_destination,
};

static void
viewporter_get(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *surface)
{
	struct wl_resource *v = wl_resource_create(c, &wp_viewport_interface, 1, id);
	wl_resource_set_implementation(v, &viewport_impl, wl_resource_get_user_data(surface), NULL);
}

static const struct wp_viewporter_interface viewporter_impl = {
	.destroy = destroy_request, .get_viewport = viewporter_get,
};

static void
bind_viewporter(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wp_viewporter_interface, 1, id);
	wl_resource_set_implementation(r, &viewporter_impl, data, NULL);
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
	wl_display_flush_clients(tc->display);
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
	wl_display_flush_clients(tc->display);
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
	wl_display_flush_clients(tc->display);
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
	wl_display_flush_clients(tc->display);
}

int
tc_touches_created(struct tc *tc)
{
	return tc->touches_created;
}

int
tc_touches_alive(struct tc *tc)
{
	return wl_list_length(&tc->touches);
}

void
tc_touch_down(struct tc *tc, uint32_t time, int32_t id, double x, double y)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		if (tc->toplevel_surface &&
		    wl_resource_get_client(r) == wl_resource_get_client(tc->toplevel_surface))
			wl_touch_send_down(r, wl_display_next_serial(tc->display), time,
					   tc->toplevel_surface, id, wl_fixed_from_double(x),
					   wl_fixed_from_double(y));
}

void
tc_touch_motion(struct tc *tc, uint32_t time, int32_t id, double x, double y)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		wl_touch_send_motion(r, time, id, wl_fixed_from_double(x), wl_fixed_from_double(y));
}

void
tc_touch_up(struct tc *tc, uint32_t time, int32_t id)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		wl_touch_send_up(r, wl_display_next_serial(tc->display), time, id);
}

void
tc_touch_frame(struct tc *tc)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		wl_touch_send_frame(r);
}

void
tc_touch_cancel(struct tc *tc)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		wl_touch_send_cancel(r);
}

void
tc_touch_shape(struct tc *tc, int32_t id, double major, double minor)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		if (wl_resource_get_version(r) >= WL_TOUCH_SHAPE_SINCE_VERSION)
			wl_touch_send_shape(r, id, wl_fixed_from_double(major), wl_fixed_from_double(minor));
}

void
tc_post_error(struct tc *tc)
{
	if (!wl_list_empty(&tc->seats)) {
		struct wl_resource *seat = wl_resource_from_link(tc->seats.next);
		wl_resource_post_error(seat, WL_SEAT_ERROR_MISSING_CAPABILITY, "test: broken compositor");
	}
	wl_display_flush_clients(tc->display);
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
	wl_display_flush_clients(tc->display);
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

void
tc_touch_orientation(struct tc *tc, int32_t id, double degrees)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		if (wl_resource_get_version(r) >= WL_TOUCH_ORIENTATION_SINCE_VERSION)
			wl_touch_send_orientation(r, id, wl_fixed_from_double(degrees));
}

void
tc_hold_frame_callbacks(struct tc *tc, bool hold)
{
	tc->holds_frame_callbacks = hold;
}

int
tc_commits(struct tc *tc)
{
	return tc->commits;
}

/* Pointer events go to the toplevel's client, each followed by wl_pointer.frame (v5+). */
#define FOR_EACH_TOPLEVEL_POINTER(tc, r) \
	wl_resource_for_each(r, &(tc)->pointers) \
		if ((tc)->toplevel_surface && \
		    wl_resource_get_client(r) == wl_resource_get_client((tc)->toplevel_surface))

static void
pointer_frame(struct wl_resource *r)
{
	if (wl_resource_get_version(r) >= WL_POINTER_FRAME_SINCE_VERSION)
		wl_pointer_send_frame(r);
}

void
tc_pointer_enter(struct tc *tc, double x, double y)
{
	struct wl_resource *r;
	FOR_EACH_TOPLEVEL_POINTER(tc, r) {
		wl_pointer_send_enter(r, wl_display_next_serial(tc->display), tc->toplevel_surface,
				      wl_fixed_from_double(x), wl_fixed_from_double(y));
		pointer_frame(r);
	}
}

void
tc_pointer_leave(struct tc *tc)
{
	struct wl_resource *r;
	FOR_EACH_TOPLEVEL_POINTER(tc, r) {
		wl_pointer_send_leave(r, wl_display_next_serial(tc->display), tc->toplevel_surface);
		pointer_frame(r);
	}
}

void
tc_pointer_motion(struct tc *tc, uint32_t time, double x, double y)
{
	struct wl_resource *r;
	FOR_EACH_TOPLEVEL_POINTER(tc, r) {
		wl_pointer_send_motion(r, time, wl_fixed_from_double(x), wl_fixed_from_double(y));
		pointer_frame(r);
	}
}

void
tc_pointer_button(struct tc *tc, uint32_t time, uint32_t button, bool pressed)
{
	struct wl_resource *r;
	FOR_EACH_TOPLEVEL_POINTER(tc, r) {
		wl_pointer_send_button(r, wl_display_next_serial(tc->display), time, button,
				       pressed ? WL_POINTER_BUTTON_STATE_PRESSED
					       : WL_POINTER_BUTTON_STATE_RELEASED);
		pointer_frame(r);
	}
}
