/* The test compositor's wl_seat, wl_touch and wl_pointer, and the touches and pointer events the tests inject. */
#include "internal.h"

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

void
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
tc_touch_orientation(struct tc *tc, int32_t id, double degrees)
{
	struct wl_resource *r;
	wl_resource_for_each(r, &tc->touches)
		if (wl_resource_get_version(r) >= WL_TOUCH_ORIENTATION_SINCE_VERSION)
			wl_touch_send_orientation(r, id, wl_fixed_from_double(degrees));
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
