#include "quirks.h"

/* Sends an event to the wl_touch resources of `client` (NULL: of the focused client). */
static void
send_to_touches(struct weston_touch *touch, struct wl_client *client,
		void (*send)(struct wl_resource *))
{
	struct wl_resource *resource;
	wl_resource_for_each(resource, &touch->focus_resource_list)
		if (!client || wl_resource_get_client(resource) == client)
			send(resource);
	if (!client)
		return;
	wl_resource_for_each(resource, &touch->resource_list)
		if (wl_resource_get_client(resource) == client)
			send(resource);
}

void
quirk_weston10_frame_after_last_up(struct weston_touch *touch, struct wl_client *client)
{
	/* A weston that kept the focus has sent the frame itself. `client` is only compared,
	 * never dereferenced, so a client that has gone meanwhile matches no resource. */
	if (touch->focus || !client)
		return;
	send_to_touches(touch, client, wl_touch_send_frame);
}

void
quirk_weston10_deliver_cancel(struct weston_touch *touch)
{
	send_to_touches(touch, NULL, wl_touch_send_cancel);
	touch->num_tp = 0;
	weston_touch_set_focus(touch, NULL);
}
