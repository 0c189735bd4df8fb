/* The pixel watch on wlroots; pixel-watch.h says what it times. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <wlr/types/wlr_buffer.h>

#include "pixel-watch.h"

static uint64_t
now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The 3x3 block at (x, y) of `buffer` (or, for a client's buffer scanned out directly,
 * of its wl_shm source), as raw 32-bit pixels. */
static bool
read_block(struct wlr_buffer *buffer, int x, int y, uint32_t out[9])
{
	void *data;
	uint32_t format;
	size_t stride;
	struct wlr_buffer *readable = buffer;
	if (!wlr_buffer_begin_data_ptr_access(readable, WLR_BUFFER_DATA_PTR_ACCESS_READ, &data, &format, &stride)) {
		struct wlr_client_buffer *client = wlr_client_buffer_get(buffer);
		readable = client ? client->source : NULL;
		if (!readable || !wlr_buffer_begin_data_ptr_access(readable, WLR_BUFFER_DATA_PTR_ACCESS_READ,
								   &data, &format, &stride))
			return false;
	}
	bool inside = x >= 0 && y >= 0 && x + 3 <= readable->width && y + 3 <= readable->height;
	for (int row = 0; inside && row < 3; row++)
		memcpy(&out[row * 3], (uint8_t *)data + (size_t)(y + row) * stride + (size_t)x * 4, 12);
	wlr_buffer_end_data_ptr_access(readable);
	return inside;
}

bool
wlr_pixel_watch_arm(struct wlr_pixel_watch *w, struct wlr_buffer *front, int x, int y, char *error, size_t size)
{
	uint32_t before[9];
	if (!front) {
		snprintf(error, size, "error: watch: the output has shown no buffer yet");
		return false;
	}
	w->px = x - 1;
	w->py = y - 1;
	if (!read_block(front, w->px, w->py, before)) {
		snprintf(error, size, "error: watch: %d %d is not inside the output's buffer, or it cannot be read", x, y);
		return false;
	}
	ts_pixel_watch_arm(&w->verdict, before);
	return true;
}

void
wlr_pixel_watch_touched(struct wlr_pixel_watch *w, uint64_t ns)
{
	ts_pixel_watch_touched(&w->verdict, ns);
}

bool
wlr_pixel_watch_committed(struct wlr_pixel_watch *w, struct wlr_buffer *front)
{
	int64_t number = (int64_t)w->commits++;
	struct ts_pixel_watch *v = &w->verdict;
	if (!ts_pixel_watch_wants_pixels(v))
		return false;
	uint64_t t = now_ns();
	int64_t floor = v->floor;
	uint32_t now[9];
	bool changed = ts_pixel_watch_saw(v, number, t, read_block(front, w->px, w->py, now) ? now : NULL);
	if (floor < 0 && v->floor == number)
		w->floor_ns = t;
	if (changed)
		w->changed_ns = t;
	return changed;
}

int
wlr_pixel_watch_result(struct wlr_pixel_watch *w, char *reply, size_t size)
{
	struct ts_pixel_watch *v = &w->verdict;
	if (!v->armed) {
		snprintf(reply, size, "error: watch-result: no watch is armed (send watch X Y first)");
		return -1;
	}
	if (v->changed < 0)
		return 0;
	double to = (double)(int64_t)(w->changed_ns - v->touch_ns) / 1e6;
	double floor = (double)(int64_t)(w->floor_ns - v->touch_ns) / 1e6;
	snprintf(reply, size, "ok %.3f %.3f %lld %llu %.3f %.3f", to, floor, (long long)(v->changed - v->floor),
		 (unsigned long long)w->changed_ns, to, floor);
	v->armed = false;
	return 1;
}
