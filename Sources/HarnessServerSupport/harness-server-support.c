#include <errno.h>
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
