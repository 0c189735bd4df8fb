/* The test compositor's wl_subcompositor (offered with TC_SUBCOMPOSITOR): where each
 * subsurface is and what it shows, for in-process tests of the client's spot layers.
 * A position takes effect at the toplevel's next commit, as the protocol says of the
 * parent's state, and so does a synchronized subsurface's committed buffer (desync
 * shows it at its own commit). Stacking is not modelled: nothing here is composited. */
#include "internal.h"

struct subsurface {
	struct tc *tc;
	struct wl_resource *resource;
	struct wl_resource *surface; /* NULL once the wl_surface is gone */
	int32_t pending_x, pending_y, x, y;
	struct wl_list link; /* tc->subsurfaces */
	struct wl_listener surface_destroyed;
};

static void
subsurface_set_position(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y)
{
	struct subsurface *sub = wl_resource_get_user_data(r);
	sub->pending_x = x;
	sub->pending_y = y;
}

static void subsurface_stack(struct wl_client *c, struct wl_resource *r, struct wl_resource *s) {}

static void
subsurface_set_synchronized(struct wl_resource *r, bool synchronized)
{
	struct subsurface *sub = wl_resource_get_user_data(r);
	if (!sub->surface)
		return;
	struct surface *s = wl_resource_get_user_data(sub->surface);
	s->synchronized = synchronized;
	if (!synchronized && s->cached_attach) {
		surface_apply_attach(s, s->cached_buffer, s->cached_scale);
		s->cached_attach = false;
		s->cached_buffer = NULL;
	}
}

static void subsurface_set_sync(struct wl_client *c, struct wl_resource *r) { subsurface_set_synchronized(r, true); }
static void subsurface_set_desync(struct wl_client *c, struct wl_resource *r) { subsurface_set_synchronized(r, false); }

static const struct wl_subsurface_interface subsurface_impl = {
	.destroy = destroy_request,
	.set_position = subsurface_set_position,
	.place_above = subsurface_stack,
	.place_below = subsurface_stack,
	.set_sync = subsurface_set_sync,
	.set_desync = subsurface_set_desync,
};

static void
subsurface_free(struct wl_resource *r)
{
	struct subsurface *sub = wl_resource_get_user_data(r);
	wl_list_remove(&sub->link);
	if (sub->surface) {
		wl_list_remove(&sub->surface_destroyed.link);
		struct surface *s = wl_resource_get_user_data(sub->surface);
		s->synchronized = false;
		s->cached_attach = false;
		s->cached_buffer = NULL;
	}
	free(sub);
}

static void
subsurface_surface_destroyed(struct wl_listener *listener, void *data)
{
	struct subsurface *sub = wl_container_of(listener, sub, surface_destroyed);
	wl_list_remove(&sub->surface_destroyed.link);
	sub->surface = NULL;
}

static void
subcompositor_get_subsurface(struct wl_client *c, struct wl_resource *r, uint32_t id,
			     struct wl_resource *surface, struct wl_resource *parent)
{
	struct subsurface *sub = calloc(1, sizeof *sub);
	sub->tc = wl_resource_get_user_data(r);
	sub->surface = surface;
	sub->resource = wl_resource_create(c, &wl_subsurface_interface, 1, id);
	wl_resource_set_implementation(sub->resource, &subsurface_impl, sub, subsurface_free);
	wl_list_insert(sub->tc->subsurfaces.prev, &sub->link);
	sub->surface_destroyed.notify = subsurface_surface_destroyed;
	wl_resource_add_destroy_listener(surface, &sub->surface_destroyed);
	((struct surface *)wl_resource_get_user_data(surface))->synchronized = true;
}

static const struct wl_subcompositor_interface subcompositor_impl = {
	.destroy = destroy_request,
	.get_subsurface = subcompositor_get_subsurface,
};

void
bind_subcompositor(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wl_subcompositor_interface, 1, id);
	wl_resource_set_implementation(r, &subcompositor_impl, data, NULL);
}

void
subsurfaces_parent_committed(struct tc *tc)
{
	struct subsurface *sub;
	wl_list_for_each(sub, &tc->subsurfaces, link) {
		sub->x = sub->pending_x;
		sub->y = sub->pending_y;
		if (!sub->surface)
			continue;
		struct surface *s = wl_resource_get_user_data(sub->surface);
		if (s->synchronized && s->cached_attach) {
			surface_apply_attach(s, s->cached_buffer, s->cached_scale);
			s->cached_attach = false;
			s->cached_buffer = NULL;
		}
	}
}

/* The n-th subsurface (in creation order) whose surface shows a buffer. */
static struct subsurface *
shown_subsurface(struct tc *tc, int n)
{
	struct subsurface *sub;
	wl_list_for_each(sub, &tc->subsurfaces, link) {
		if (!sub->surface)
			continue;
		struct surface *s = wl_resource_get_user_data(sub->surface);
		if (s->shows && n-- == 0)
			return sub;
	}
	return NULL;
}

int
tc_subsurfaces_shown(struct tc *tc)
{
	int n = 0;
	while (shown_subsurface(tc, n))
		n++;
	return n;
}

bool
tc_subsurface(struct tc *tc, int n, int32_t *x, int32_t *y, int32_t *width, int32_t *height)
{
	struct subsurface *sub = shown_subsurface(tc, n);
	if (!sub)
		return false;
	struct surface *s = wl_resource_get_user_data(sub->surface);
	*x = sub->x;
	*y = sub->y;
	*width = s->shown_width / (s->scale > 0 ? s->scale : 1);
	*height = s->shown_height / (s->scale > 0 ? s->scale : 1);
	return true;
}

bool
tc_subsurface_pixel(struct tc *tc, int n, int32_t x, int32_t y, uint32_t *argb)
{
	struct subsurface *sub = shown_subsurface(tc, n);
	return sub && surface_pixel(wl_resource_get_user_data(sub->surface), x, y, argb);
}

bool
tc_touch_down_on_subsurface(struct tc *tc, int n, uint32_t time, int32_t id, double x, double y)
{
	struct subsurface *sub = shown_subsurface(tc, n);
	if (!sub)
		return false;
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		if (wl_resource_get_client(r) == wl_resource_get_client(sub->surface))
			wl_touch_send_down(r, wl_display_next_serial(tc->display), time, sub->surface, id,
					   wl_fixed_from_double(x), wl_fixed_from_double(y));
	return true;
}
