/* The test compositor's xdg-shell, wp_fractional_scale_v1 and wp_viewporter. */
#include "internal.h"

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

void
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

void
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

void
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

void
bind_viewporter(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wp_viewporter_interface, 1, id);
	wl_resource_set_implementation(r, &viewporter_impl, data, NULL);
}
