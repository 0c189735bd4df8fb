#include "shim.h"

/* ---- screenshots: the output's front buffer as PNG ---- */

const char *
write_screenshot(const char *path)
{
	if (!shim.front)
		return "the output has shown no buffer yet";
	void *data;
	uint32_t format;
	size_t stride;
	/* A client's buffer scanned out directly is a wlr_client_buffer, whose own pixels
	 * are its source's (the wl_shm buffer). */
	struct wlr_buffer *readable = shim.front;
	if (!wlr_buffer_begin_data_ptr_access(readable, WLR_BUFFER_DATA_PTR_ACCESS_READ,
					      &data, &format, &stride)) {
		struct wlr_client_buffer *client = wlr_client_buffer_get(shim.front);
		readable = client ? client->source : NULL;
		if (!readable || !wlr_buffer_begin_data_ptr_access(readable, WLR_BUFFER_DATA_PTR_ACCESS_READ,
								   &data, &format, &stride))
			return "the output's buffer cannot be read";
	}
	/* XRGB8888: red in bits 16-23 of each pixel; XBGR8888: in bits 0-7. */
	bool red_high = format == DRM_FORMAT_XRGB8888 || format == DRM_FORMAT_ARGB8888;
	bool red_low = format == DRM_FORMAT_XBGR8888 || format == DRM_FORMAT_ABGR8888;
	static char error[256];
	bool ok = false;
	if (!red_high && !red_low)
		snprintf(error, sizeof error, "the output's buffer has a format this shim cannot read");
	else
		ok = ts_write_png(path, data, stride, readable->width, readable->height, red_high, false,
				  error, sizeof error);
	wlr_buffer_end_data_ptr_access(readable);
	return ok ? NULL : error;
}
