/* The pixel watch; pixel-watch.h says what it measures and how. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "pixel-watch.h"

static uint64_t
clock_ns(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t
timespec_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
}

/* A presentation-clock time on CLOCK_MONOTONIC. */
static uint64_t
to_monotonic(struct pixel_watch *w, uint64_t presentation_ns)
{
	if (presentation_ns == 0)
		return 0;
	uint64_t mono = clock_ns(CLOCK_MONOTONIC);
	uint64_t pres = clock_ns(w->compositor->presentation_clock);
	return presentation_ns + mono - pres;
}

static struct pixel_watch_repaint *
repaint(struct pixel_watch *w, int64_t number)
{
	return &w->repaints[(uint64_t)number % PIXEL_WATCH_REPAINTS];
}

/* Whether the repaint numbered `number` is still in the ring. */
static bool
remembered(struct pixel_watch *w, int64_t number)
{
	return number >= 0 && (uint64_t)number < w->repaint_count &&
	       w->repaint_count - (uint64_t)number <= PIXEL_WATCH_REPAINTS;
}

static bool
read_block(struct pixel_watch *w, uint32_t out[9])
{
	struct weston_compositor *ec = w->compositor;
	return ec->renderer->read_pixels(w->output, ec->read_format, out, w->px, w->py, 3, 3) >= 0;
}

/* The latest repaint's presentation time, once weston has finished it. */
static void
resolve_latest(struct pixel_watch *w)
{
	if (w->repaint_count == 0)
		return;
	struct pixel_watch_repaint *r = repaint(w, (int64_t)w->repaint_count - 1);
	uint64_t now = timespec_ns(&w->output->frame_time);
	if (r->presented_ns == 0 && now != r->before_ns)
		r->presented_ns = to_monotonic(w, now);
}

static bool
resolved(struct pixel_watch *w)
{
	const struct ts_pixel_watch *v = &w->verdict;
	return v->armed && v->changed >= 0 && remembered(w, v->changed) &&
	       repaint(w, v->changed)->presented_ns != 0 &&
	       (v->floor < 0 || repaint(w, v->floor)->presented_ns != 0);
}

static int
on_poll(void *data)
{
	struct pixel_watch *w = data;
	resolve_latest(w);
	if (resolved(w)) {
		if (w->on_resolved)
			w->on_resolved(w->data);
	} else if (w->verdict.armed) {
		wl_event_source_timer_update(w->poll, 1);
	}
	return 0;
}

void
pixel_watch_init(struct pixel_watch *w, struct weston_compositor *compositor,
		 struct weston_output *output)
{
	memset(w, 0, sizeof *w);
	w->compositor = compositor;
	w->output = output;
	w->verdict.floor = w->verdict.changed = -1;
	w->poll = wl_event_loop_add_timer(wl_display_get_event_loop(compositor->wl_display), on_poll, w);
}

void
pixel_watch_release(struct pixel_watch *w)
{
	if (w->poll)
		wl_event_source_remove(w->poll);
	w->poll = NULL;
}

bool
pixel_watch_arm(struct pixel_watch *w, double x, double y, char *error, size_t size)
{
	struct weston_output *o = w->output;
	int scale = o->current_scale > 0 ? o->current_scale : 1;
	int width = o->current_mode->width, height = o->current_mode->height;
	int px = (int)((x - o->x) * scale) - 1, py = (int)((y - o->y) * scale) - 1;
	if (px < 0 || py < 0 || px + 3 > width || py + 3 > height) {
		snprintf(error, size, "error: watch: %g %g is not inside the output", x, y);
		return false;
	}
	w->px = px;
	w->py = py;
	uint32_t before[9];
	if (!read_block(w, before)) {
		snprintf(error, size, "error: watch: the renderer could not read pixels (is --use-pixman set?)");
		return false;
	}
	ts_pixel_watch_arm(&w->verdict, before);
	return true;
}

void
pixel_watch_touched(struct pixel_watch *w, uint64_t ns)
{
	ts_pixel_watch_touched(&w->verdict, ns);
}

void
pixel_watch_repainted(struct pixel_watch *w)
{
	resolve_latest(w);
	int64_t number = (int64_t)w->repaint_count++;
	struct pixel_watch_repaint *r = repaint(w, number);
	r->start_ns = to_monotonic(w, timespec_ns(&w->output->next_repaint));
	r->before_ns = timespec_ns(&w->output->frame_time);
	r->presented_ns = 0;
	r->repainted_ns = clock_ns(CLOCK_MONOTONIC);
	uint32_t now[9];
	bool wants = ts_pixel_watch_wants_pixels(&w->verdict);
	ts_pixel_watch_saw(&w->verdict, number, r->start_ns, wants && read_block(w, now) ? now : NULL);
	if (w->verdict.armed && w->verdict.changed >= 0)
		wl_event_source_timer_update(w->poll, 1);
}

int
pixel_watch_result(struct pixel_watch *w, char *reply, size_t size)
{
	struct ts_pixel_watch *v = &w->verdict;
	if (!v->armed) {
		snprintf(reply, size, "error: watch-result: no watch is armed (send watch X Y first)");
		return -1;
	}
	if (v->changed >= 0 && !remembered(w, v->changed)) {
		snprintf(reply, size, "error: watch-result: the repaint is no longer remembered");
		v->armed = false;
		return -1;
	}
	if (!resolved(w))
		return 0;
	struct pixel_watch_repaint *changed = repaint(w, v->changed), *floor = repaint(w, v->floor);
	snprintf(reply, size, "ok %.3f %.3f %lld %llu %.3f %.3f",
		 (double)(int64_t)(changed->presented_ns - v->touch_ns) / 1e6,
		 (double)(int64_t)(floor->presented_ns - v->touch_ns) / 1e6,
		 (long long)(v->changed - v->floor), (unsigned long long)changed->presented_ns,
		 (double)(int64_t)(changed->repainted_ns - v->touch_ns) / 1e6,
		 (double)(int64_t)(floor->repainted_ns - v->touch_ns) / 1e6);
	v->armed = false;
	return 1;
}
