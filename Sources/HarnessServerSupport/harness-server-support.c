#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <sys/socket.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <wayland-server.h>

#include "harness-server-support.h"

void
ts_vsend_line(int fd, const char *fmt, va_list ap)
{
	char line[1024];
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	if (n < 0 || fd < 0)
		return;
	if ((size_t)n > sizeof line - 2)
		n = sizeof line - 2;
	line[n++] = '\n';
	for (const char *p = line; n > 0;) {
		ssize_t w = send(fd, p, (size_t)n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w;
		n -= (int)w;
	}
}

void
ts_request_counts_add(struct ts_request_counts *counts, const char *interface, const char *message)
{
	char key[64];
	snprintf(key, sizeof key, "%s.%s", interface, message);
	for (size_t i = 0; i < counts->length; i++) {
		if (strcmp(counts->entries[i].name, key) == 0) {
			counts->entries[i].count++;
			return;
		}
	}
	struct ts_request_count *grown = realloc(counts->entries, (counts->length + 1) * sizeof *grown);
	if (!grown)
		return;
	counts->entries = grown;
	snprintf(grown[counts->length].name, sizeof grown[0].name, "%s", key);
	grown[counts->length++].count = 1;
}

uint64_t
ts_request_counts_get(const struct ts_request_counts *counts, const char *key)
{
	for (size_t i = 0; i < counts->length; i++)
		if (strcmp(counts->entries[i].name, key) == 0)
			return counts->entries[i].count;
	return 0;
}

void
ts_request_counts_release(struct ts_request_counts *counts)
{
	free(counts->entries);
	counts->entries = NULL;
	counts->length = 0;
}

struct ping {
	uint32_t serial;
	int count;
};

static enum wl_iterator_result
ping_resource(struct wl_resource *resource, void *data)
{
	struct ping *ping = data;
	if (strcmp(wl_resource_get_class(resource), "xdg_wm_base") == 0) {
		wl_resource_post_event(resource, 0, ping->serial); /* xdg_wm_base.ping */
		ping->count++;
	}
	return WL_ITERATOR_CONTINUE;
}

int
ts_ping_clients(struct wl_display *display, uint32_t serial)
{
	struct ping ping = { serial, 0 };
	struct wl_client *client;
	wl_client_for_each(client, wl_display_get_client_list(display))
		wl_client_for_each_resource(client, ping_resource, &ping);
	wl_display_flush_clients(display);
	return ping.count;
}

enum ts_read_result
ts_line_buffer_read(struct ts_line_buffer *buffer, int fd)
{
	bool overflow = buffer->length == sizeof buffer->data;
	if (overflow)
		buffer->length = 0;
	ssize_t n = read(fd, buffer->data + buffer->length, sizeof buffer->data - buffer->length);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return overflow ? TS_READ_OVERFLOW : TS_READ_AGAIN;
	if (n <= 0)
		return TS_READ_CLOSED;
	buffer->length += (size_t)n;
	return overflow ? TS_READ_OVERFLOW : TS_READ_OK;
}

bool
ts_line_buffer_take(struct ts_line_buffer *buffer, char line[TS_LINE_MAX])
{
	char *newline = memchr(buffer->data, '\n', buffer->length);
	if (!newline)
		return false;
	size_t used = (size_t)(newline - buffer->data) + 1;
	memcpy(line, buffer->data, used - 1);
	line[used - 1] = '\0';
	memmove(buffer->data, buffer->data + used, buffer->length - used);
	buffer->length -= used;
	return true;
}

bool
ts_write_png(const char *path, const void *pixels, size_t stride, int width, int height,
	     bool red_high, bool bottom_up, char *error, size_t error_size)
{
	FILE *file = fopen(path, "wb");
	if (!file) {
		snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
		return false;
	}
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	uint8_t *row = malloc((size_t)width * 3);
	if (!png || !info || !row || setjmp(png_jmpbuf(png))) {
		snprintf(error, error_size, "libpng failed writing %s", path);
		png_destroy_write_struct(&png, &info);
		free(row);
		fclose(file);
		return false;
	}
	png_init_io(png, file);
	png_set_filter(png, 0, PNG_FILTER_NONE);
	png_set_compression_level(png, 1);
	png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	int red_shift = red_high ? 16 : 0, blue_shift = red_high ? 0 : 16;
	for (int y = 0; y < height; y++) {
		const uint32_t *src = (const uint32_t *)((const uint8_t *)pixels
							 + (size_t)(bottom_up ? height - 1 - y : y) * stride);
		for (int x = 0; x < width; x++) {
			row[x * 3] = (uint8_t)(src[x] >> red_shift);
			row[x * 3 + 1] = (uint8_t)(src[x] >> 8);
			row[x * 3 + 2] = (uint8_t)(src[x] >> blue_shift);
		}
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(row);
	if (fclose(file) != 0) {
		snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
		return false;
	}
	return true;
}

void
ts_pixel_watch_arm(struct ts_pixel_watch *w, const uint32_t before[9])
{
	memcpy(w->before, before, sizeof w->before);
	w->armed = true;
	w->touch_ns = 0;
	w->floor = w->changed = -1;
}

void
ts_pixel_watch_touched(struct ts_pixel_watch *w, uint64_t ns)
{
	if (w->armed && w->touch_ns == 0)
		w->touch_ns = ns;
}

bool
ts_pixel_watch_wants_pixels(const struct ts_pixel_watch *w)
{
	return w->armed && w->touch_ns != 0 && w->changed < 0;
}

bool
ts_pixel_watch_saw(struct ts_pixel_watch *w, int64_t number, uint64_t start_ns, const uint32_t *block)
{
	if (!ts_pixel_watch_wants_pixels(w))
		return false;
	if (w->floor < 0 && start_ns >= w->touch_ns + 1000000u)
		w->floor = number;
	if (!block || memcmp(block, w->before, sizeof w->before) == 0)
		return false;
	w->changed = number;
	if (w->floor < 0)
		w->floor = number;
	return true;
}
