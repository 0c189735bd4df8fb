/* The test compositor's tablet-v2: one tablet and one tool for the toplevel's client, driven by the tests. */
#include "internal.h"

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

void
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
