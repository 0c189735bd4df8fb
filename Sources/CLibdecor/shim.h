#include <libdecor.h>
#include <wayland-client.h>

/* The name a library tagged a proxy with (wl_proxy_set_tag), or NULL: libdecor's cairo
 * plugin tags its frame surfaces "libdecor-cairo". */
static inline const char *
ts_proxy_tag_name(struct wl_surface *surface)
{
	const char *const *tag = wl_proxy_get_tag((struct wl_proxy *)surface);
	return tag ? *tag : NULL;
}
