/*
 * touchspots-weston: touch seat, control socket, client sync and screenshots for a
 * headless weston 10. The command language is described in touchspots-weston.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <libweston/libweston.h>
#include <linux/input-event-codes.h>
#include <wayland-server.h>

#include "touchspots-weston.h"
#include "quirks.h"
#include "pixel-watch.h"
#include "harness-server-support.h"
#include "harness-protocol.h"

/* libweston 10 exports these, but declares them only in headers Debian does not ship
 * (libweston/backend.h, libweston-internal.h). */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
				 void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id, double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void weston_compositor_read_presentation_clock(const struct weston_compositor *compositor,
					       struct timespec *ts);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time, double x,
			    double y);
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button,
		   enum wl_pointer_button_state state);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
		enum wl_keyboard_key_state state, enum weston_key_state_update update_state);

#define MAX_TOUCHES 64
#define TIMEOUT_MS 10000
#define MAX_SYNC_ROUNDS 400

enum wait_kind {
	WAIT_NONE,
	WAIT_READY,
	WAIT_IDLE,
	WAIT_SYNC_PONG,       /* first ping of a round */
	WAIT_SYNC_SECOND_PONG, /* second ping, right after the first */
	WAIT_SYNC_REPAINT,
	WAIT_SCREENSHOT,
	WAIT_WATCH,
};

struct connection;

struct harness {
	struct weston_compositor *compositor;
	struct weston_seat seat;
	struct weston_touch_device *device;

	int listen_fd;
	char *listen_path;
	struct wl_event_source *listen_source;
	struct wl_list connections; /* struct connection::link */

	struct wl_protocol_logger *logger;
	struct wl_listener destroy_listener;
	struct wl_listener frame_listener;
	struct weston_output *output;

	bool has_pointer;
	bool has_keyboard;

	int32_t active[MAX_TOUCHES];
	int active_count;

	/* for quirk_weston10_frame_after_last_up() */
	struct wl_client *last_focus_client;
	bool frame_owed;

	/* The one command that is waiting, if any. */
	struct connection *waiter;
	enum wait_kind wait;
	struct wl_event_source *timeout;
	struct wl_event_source *idle_check; /* polls the output while WAIT_IDLE */
	uint32_t ping_serial;
	int pongs_expected;
	int sync_rounds;
	uint64_t commits;
	uint64_t commits_after_first_pong;
	uint64_t commits_shown; /* commits seen when the output last finished a repaint */
	char *screenshot_path;

	/* Touch to pixel (pixel-watch.h). */
	struct pixel_watch watch;

	/* Requests seen, for the `requests` command. */
	struct ts_request_counts requests;
};

struct connection {
	struct harness *harness;
	int fd;
	struct wl_event_source *source;
	struct ts_line_buffer input;
	struct wl_list link;
};

static void connection_process(struct connection *c);

static void
reply(struct connection *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ts_vsend_line(c->fd, fmt, ap);
	va_end(ap);
}

/* ---- waiting commands ---- */

static void
finish_wait(struct harness *h, const char *fmt, ...)
{
	struct connection *c = h->waiter;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);

	h->waiter = NULL;
	h->wait = WAIT_NONE;
	free(h->screenshot_path);
	h->screenshot_path = NULL;
	if (h->timeout)
		wl_event_source_timer_update(h->timeout, 0);
	if (c) {
		reply(c, "%s", msg);
		/* Commands that arrived while this one waited. */
		connection_process(c);
	}
}

static int
on_timeout(void *data)
{
	struct harness *h = data;
	if (h->waiter)
		finish_wait(h, "error: timed out after %d ms", TIMEOUT_MS);
	return 0;
}

/* weston has no signal for its repaint cycle stopping (finish_frame with nothing to
 * repaint), so wait-idle looks at the output's state every millisecond. */
static int
on_idle_check(void *data)
{
	struct harness *h = data;
	if (h->wait != WAIT_IDLE)
		return 0;
	if (h->output->repaint_status == REPAINT_NOT_SCHEDULED)
		finish_wait(h, "ok");
	else
		wl_event_source_timer_update(h->idle_check, 1);
	return 0;
}

static void
begin_wait(struct harness *h, struct connection *c, enum wait_kind kind)
{
	h->waiter = c;
	h->wait = kind;
	h->sync_rounds = 0;
	wl_event_source_timer_update(h->timeout, TIMEOUT_MS);
}

static bool
client_view_is_pickable(struct harness *h)
{
	struct weston_view *view;
	/* compositor->view_list is the pick list, rebuilt at every repaint. */
	wl_list_for_each(view, &h->compositor->view_list, link) {
		if (view->surface->resource && weston_surface_is_mapped(view->surface))
			return true;
	}
	return false;
}

/* Pings every client's xdg_wm_base with our own serial; the pongs come back after each
 * client has handled everything sent before the ping. libweston-desktop ignores pongs to
 * serials it did not issue. Returns how many were pinged. */
static int
ping_clients(struct harness *h)
{
	h->ping_serial = wl_display_next_serial(h->compositor->wl_display);
	h->pongs_expected = ts_ping_clients(h->compositor->wl_display, h->ping_serial);
	return h->pongs_expected;
}

/*
 * Sync: done when every client is idle and the screen shows all it committed.
 *
 * A client may answer a ping before it draws what the same batch of events asked for
 * (touchspots pongs while dispatching, then draws), so one ping cannot tell that it is
 * idle. A round is therefore two pings back to back: commits that arrive between the
 * first pong and the second mean the client was still drawing. Then, if anything was
 * committed since the last repaint, repaint (which answers frame callbacks, which may
 * make a client draw again) and start another round.
 */
static void
sync_round(struct harness *h)
{
	if (++h->sync_rounds > MAX_SYNC_ROUNDS) {
		finish_wait(h, "error: clients kept committing for %d rounds", MAX_SYNC_ROUNDS);
		return;
	}
	h->wait = WAIT_SYNC_PONG;
	if (ping_clients(h) == 0)
		finish_wait(h, "ok");
}

static void
after_pongs(struct harness *h)
{
	if (h->wait == WAIT_SYNC_PONG) {
		h->commits_after_first_pong = h->commits;
		h->wait = WAIT_SYNC_SECOND_PONG;
		if (ping_clients(h) == 0)
			finish_wait(h, "ok");
		return;
	}
	if (h->commits == h->commits_after_first_pong && h->commits == h->commits_shown) {
		finish_wait(h, "ok");
		return;
	}
	h->wait = WAIT_SYNC_REPAINT;
	weston_output_schedule_repaint(h->output);
}

static void
protocol_logger(void *data, enum wl_protocol_logger_type type,
		const struct wl_protocol_logger_message *message)
{
	struct harness *h = data;
	if (type != WL_PROTOCOL_LOGGER_REQUEST)
		return;
	const char *iface = wl_resource_get_class(message->resource);
	ts_request_counts_add(&h->requests, iface, message->message->name);
	if (strcmp(message->message->name, "commit") == 0 &&
	    strcmp(iface, "wl_surface") == 0) {
		h->commits++;
	} else if ((h->wait == WAIT_SYNC_PONG || h->wait == WAIT_SYNC_SECOND_PONG) &&
		   strcmp(message->message->name, "pong") == 0 &&
		   strcmp(iface, "xdg_wm_base") == 0 && message->arguments_count > 0 &&
		   message->arguments[0].u == h->ping_serial) {
		if (--h->pongs_expected <= 0)
			after_pongs(h);
	}
}

static void
take_screenshot(struct harness *h)
{
	struct weston_output *o = h->output;
	struct weston_compositor *ec = h->compositor;
	int width = o->current_mode->width, height = o->current_mode->height;
	uint32_t *pixels = malloc((size_t)width * height * 4);
	char err[512];

	if (!pixels) {
		finish_wait(h, "error: out of memory");
		return;
	}
	if (ec->renderer->read_pixels(o, ec->read_format, pixels, 0, 0, width, height) < 0) {
		free(pixels);
		finish_wait(h, "error: the renderer could not read pixels (is --use-pixman set?)");
		return;
	}
	bool ok = ts_write_png(h->screenshot_path, pixels, (size_t)width * 4, width, height,
			       PIXMAN_FORMAT_TYPE(ec->read_format) != PIXMAN_TYPE_ABGR,
			       ec->capabilities & WESTON_CAP_CAPTURE_YFLIP, err, sizeof err);
	free(pixels);
	if (ok)
		finish_wait(h, "ok %d %d", width, height);
	else
		finish_wait(h, "error: %s", err);
}

/* Runs after every repaint of the output. */
static void
on_frame(struct wl_listener *listener, void *data)
{
	struct harness *h = wl_container_of(listener, h, frame_listener);
	h->commits_shown = h->commits;
	pixel_watch_repainted(&h->watch);
	switch (h->wait) {
	case WAIT_READY:
		if (client_view_is_pickable(h))
			finish_wait(h, "ok");
		break;
	case WAIT_SYNC_REPAINT:
		sync_round(h);
		break;
	case WAIT_SCREENSHOT:
		take_screenshot(h);
		break;
	default:
		break;
	}
}

/* ---- touch commands ---- */

static int
find_active(struct harness *h, int32_t id)
{
	for (int i = 0; i < h->active_count; i++)
		if (h->active[i] == id)
			return i;
	return -1;
}

/* Input event times on CLOCK_MONOTONIC, as libinput stamps real devices (weston's own
 * presentation clock is CLOCK_MONOTONIC_RAW headless, which drifts from it by a few ms an
 * hour): a client relating input times to its own clocks sees what it would on a real
 * machine. */
static void
now(struct harness *h, struct timespec *ts)
{
	(void)h;
	clock_gettime(CLOCK_MONOTONIC, ts);
}

static void
touch_command(struct harness *h, struct connection *c, const struct ts_command *cmd)
{
	int type = cmd->kind == TS_COMMAND_DOWN ? WL_TOUCH_DOWN
		 : cmd->kind == TS_COMMAND_UP ? WL_TOUCH_UP : WL_TOUCH_MOTION;
	int32_t id = cmd->id;
	struct timespec ts;

	int index = find_active(h, id);
	if (type == WL_TOUCH_DOWN && index >= 0) {
		reply(c, "error: %s: touch %d is already down", cmd->name, id);
		return;
	}
	if (type != WL_TOUCH_DOWN && index < 0) {
		reply(c, "error: %s: touch %d is not down", cmd->name, id);
		return;
	}
	if (type == WL_TOUCH_DOWN && h->active_count == MAX_TOUCHES) {
		reply(c, "error: down: at most %d touches at once", MAX_TOUCHES);
		return;
	}

	struct weston_touch *touch = weston_seat_get_touch(&h->seat);
	if (type == WL_TOUCH_UP && touch->focus && touch->focus->surface->resource)
		h->last_focus_client = wl_resource_get_client(touch->focus->surface->resource);

	now(h, &ts);
	notify_touch_normalized(h->device, &ts, id, cmd->x, cmd->y, NULL, type);
	if (type != WL_TOUCH_UP)
		pixel_watch_touched(&h->watch, (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);

	if (type == WL_TOUCH_DOWN) {
		h->active[h->active_count++] = id;
		h->frame_owed = false;
	} else if (type == WL_TOUCH_UP) {
		h->active[index] = h->active[--h->active_count];
		h->frame_owed = h->active_count == 0;
	}
	reply(c, "ok");
}

static void
harness_frame(struct harness *h, struct connection *c)
{
	struct weston_touch *touch = weston_seat_get_touch(&h->seat);
	notify_touch_frame(h->device);
	if (h->frame_owed)
		quirk_weston10_frame_after_last_up(touch, h->last_focus_client);
	h->frame_owed = false;
	reply(c, "ok");
}

static void
harness_cancel(struct harness *h, struct connection *c)
{
	notify_touch_cancel(h->device);
	quirk_weston10_deliver_cancel(weston_seat_get_touch(&h->seat));
	h->active_count = 0;
	h->frame_owed = false;
	reply(c, "ok");
}

/* ---- pointer and keyboard commands ---- */

static void
pointer_command(struct harness *h, struct connection *c, const struct ts_command *cmd)
{
	struct timespec ts;
	if (!h->has_pointer) {
		reply(c, "unsupported: this seat has no pointer");
		return;
	}
	now(h, &ts);
	if (cmd->kind == TS_COMMAND_POINTER) {
		notify_motion_absolute(&h->seat, &ts, cmd->x, cmd->y);
	} else {
		notify_button(&h->seat, &ts, (int32_t)cmd->code,
			      cmd->pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
	}
	notify_pointer_frame(&h->seat);
	reply(c, "ok");
}

static void
key_command(struct harness *h, struct connection *c, const struct ts_command *cmd)
{
	struct timespec ts;
	if (!h->has_keyboard) {
		reply(c, "unsupported: this seat has no keyboard (is xkb-data installed?)");
		return;
	}
	now(h, &ts);
	notify_key(&h->seat, &ts, cmd->code,
		   cmd->pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
		   STATE_UPDATE_AUTOMATIC);
	reply(c, "ok");
}

/* The newest mapped toplevel's content on the output: where a windowed client sits, so
 * the harness can place touches on it (its title bar and libdecor's frame lie outside). */
static void
window_command(struct harness *h, struct connection *c)
{
	struct weston_view *view, *found = NULL;
	wl_list_for_each(view, &h->compositor->view_list, link) {
		struct weston_surface *s = view->surface;
		if (!s->resource || !weston_surface_is_mapped(s) || weston_surface_get_main_surface(s) != s)
			continue;
		if (!s->role_name || strcmp(s->role_name, "xdg_toplevel") != 0)
			continue;
		found = view; /* view_list runs top to bottom: the first is the topmost */
		break;
	}
	if (!found) {
		reply(c, "error: window: no client window is mapped");
		return;
	}
	reply(c, "ok %g %g %d %d", found->geometry.x, found->geometry.y,
	      found->surface->width, found->surface->height);
}

/* A watch waited for by watch-result was resolved. */
static void
on_watch_resolved(void *data)
{
	struct harness *h = data;
	char result[256];
	if (h->wait == WAIT_WATCH && pixel_watch_result(&h->watch, result, sizeof result) != 0)
		finish_wait(h, "%s", result);
}

/* ---- command dispatch ---- */

static void
run_command(struct connection *c, char *line)
{
	struct harness *h = c->harness;
	struct ts_command cmd;
	char error[512];
	if (!ts_command_parse(line, &cmd, error, sizeof error)) {
		reply(c, "%s", error);
		return;
	}
	switch (cmd.kind) {
	case TS_COMMAND_NONE:
		return;
	case TS_COMMAND_DOWN:
	case TS_COMMAND_MOTION:
	case TS_COMMAND_UP:
		touch_command(h, c, &cmd);
		return;
	case TS_COMMAND_FRAME:
		harness_frame(h, c);
		return;
	case TS_COMMAND_CANCEL:
		harness_cancel(h, c);
		return;
	case TS_COMMAND_POINTER:
	case TS_COMMAND_BUTTON:
		pointer_command(h, c, &cmd);
		return;
	case TS_COMMAND_KEY:
		key_command(h, c, &cmd);
		return;
	case TS_COMMAND_COMMITS:
		reply(c, "ok %llu", (unsigned long long)h->commits);
		return;
	case TS_COMMAND_REQUESTS:
		reply(c, "ok %llu", (unsigned long long)ts_request_counts_get(&h->requests, cmd.text));
		return;
	case TS_COMMAND_SIZE:
		reply(c, "ok %d %d", h->output->width, h->output->height);
		return;
	case TS_COMMAND_TOOL_IN:
	case TS_COMMAND_TOOL_MOTION:
	case TS_COMMAND_TOOL_TIP:
	case TS_COMMAND_TOOL_BUTTON:
	case TS_COMMAND_TOOL_OUT:
		/* weston 10 has no tablet-v2 (docs/interop.md). */
		reply(c, "unsupported: %s: weston 10 has no tablet support", cmd.name);
		return;
	case TS_COMMAND_WATCH: {
		char error[256];
		if (pixel_watch_arm(&h->watch, cmd.x, cmd.y, error, sizeof error))
			reply(c, "ok");
		else
			reply(c, "%s", error);
		return;
	}
	case TS_COMMAND_WINDOW:
		window_command(h, c);
		return;
	case TS_COMMAND_WAIT_READY:
	case TS_COMMAND_WAIT_IDLE:
	case TS_COMMAND_SYNC:
	case TS_COMMAND_SCREENSHOT:
	case TS_COMMAND_WATCH_RESULT:
		break;
	}
	if (h->waiter) {
		reply(c, "error: %s: another connection's command is still waiting", cmd.name);
		return;
	}
	if (cmd.kind == TS_COMMAND_WAIT_READY) {
		/* No repaint of our own: one scheduled here would start the output's repaint
		 * cycle at the moment the harness starts a client, and a client whose first
		 * buffer missed that repaint (~9.7 ms later on headless at 60 Hz) would be shown
		 * a whole refresh later, making start-up times jump by 16.7 ms (docs/benchmark.md,
		 * "Start-up"). Mapping a view schedules the repaint that shows it. */
		if (client_view_is_pickable(h))
			reply(c, "ok");
		else
			begin_wait(h, c, WAIT_READY);
	} else if (cmd.kind == TS_COMMAND_WAIT_IDLE) {
		/* A client started now meets weston as a user's launch usually does: with no
		 * repaint cycle running (the benchmark's start-up time, docs/benchmark.md). */
		if (h->output->repaint_status == REPAINT_NOT_SCHEDULED) {
			reply(c, "ok");
		} else {
			begin_wait(h, c, WAIT_IDLE);
			wl_event_source_timer_update(h->idle_check, 1);
		}
	} else if (cmd.kind == TS_COMMAND_WATCH_RESULT) {
		char result[256];
		int status = pixel_watch_result(&h->watch, result, sizeof result);
		if (status != 0)
			reply(c, "%s", result);
		else
			begin_wait(h, c, WAIT_WATCH);
	} else if (cmd.kind == TS_COMMAND_SYNC) {
		begin_wait(h, c, WAIT_SYNC_PONG);
		sync_round(h);
	} else {
		begin_wait(h, c, WAIT_SCREENSHOT);
		h->screenshot_path = strdup(cmd.text);
		/* The whole output is repainted from the clients' buffers, as a compositor
		 * that uploads a whole new buffer would show it: a screenshot shows what
		 * each buffer holds, also outside what its last commits damaged. */
		weston_compositor_damage_all(h->compositor);
		weston_output_schedule_repaint(h->output);
	}
}

/* Runs every complete line in the buffer, stopping while a command waits. */
static void
connection_process(struct connection *c)
{
	char line[TS_LINE_MAX];
	while (c->harness->waiter != c && ts_line_buffer_take(&c->input, line))
		run_command(c, line);
}

static void
connection_destroy(struct connection *c)
{
	struct harness *h = c->harness;
	if (h->waiter == c) {
		h->waiter = NULL;
		h->wait = WAIT_NONE;
		wl_event_source_timer_update(h->timeout, 0);
	}
	wl_event_source_remove(c->source);
	close(c->fd);
	wl_list_remove(&c->link);
	free(c);
}

static int
on_connection_data(int fd, uint32_t mask, void *data)
{
	struct connection *c = data;
	if (mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR) && !(mask & WL_EVENT_READABLE)) {
		connection_destroy(c);
		return 0;
	}
	switch (ts_line_buffer_read(&c->input, fd)) {
	case TS_READ_CLOSED:
		connection_destroy(c);
		return 0;
	case TS_READ_AGAIN:
		return 0;
	case TS_READ_OVERFLOW:
		reply(c, "error: line too long");
		break;
	case TS_READ_OK:
		break;
	}
	connection_process(c);
	return 0;
}

static void
add_connection(struct harness *h, int fd)
{
	struct connection *c = calloc(1, sizeof *c);
	if (!c) {
		close(fd);
		return;
	}
	c->harness = h;
	c->fd = fd;
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	c->source = wl_event_loop_add_fd(wl_display_get_event_loop(h->compositor->wl_display),
					 fd, WL_EVENT_READABLE, on_connection_data, c);
	wl_list_insert(&h->connections, &c->link);
}

static int
on_listen(int fd, uint32_t mask, void *data)
{
	struct harness *h = data;
	int cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
	if (cfd >= 0)
		add_connection(h, cfd);
	return 0;
}

static void
on_compositor_destroy(struct wl_listener *listener, void *data)
{
	struct harness *h = wl_container_of(listener, h, destroy_listener);
	struct connection *c, *tmp;
	wl_list_for_each_safe(c, tmp, &h->connections, link)
		connection_destroy(c);
	if (h->listen_source)
		wl_event_source_remove(h->listen_source);
	if (h->listen_fd >= 0)
		close(h->listen_fd);
	if (h->listen_path) {
		unlink(h->listen_path);
		free(h->listen_path);
	}
	wl_event_source_remove(h->timeout);
	wl_event_source_remove(h->idle_check);
	wl_protocol_logger_destroy(h->logger);
	pixel_watch_release(&h->watch);
	wl_list_remove(&h->frame_listener.link);
	weston_touch_device_destroy(h->device);
	weston_seat_release(&h->seat);
	free(h->screenshot_path);
	ts_request_counts_release(&h->requests);
	free(h);
}

static int
listen_on(struct harness *h, const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof addr.sun_path) {
		weston_log("touchspots-weston: socket path too long: %s\n", path);
		return -1;
	}
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	unlink(path);
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, 8) < 0) {
		weston_log("touchspots-weston: cannot listen on %s: %s\n", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	h->listen_fd = fd;
	h->listen_path = strdup(path);
	h->listen_source = wl_event_loop_add_fd(
		wl_display_get_event_loop(h->compositor->wl_display), fd, WL_EVENT_READABLE,
		on_listen, h);
	return 0;
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
	const char *fd_env = getenv("TOUCHSPOTS_WESTON_CONTROL_FD");
	const char *path_env = getenv("TOUCHSPOTS_WESTON_CONTROL");
	if (!fd_env && !path_env) {
		weston_log("touchspots-weston: set TOUCHSPOTS_WESTON_CONTROL=PATH or "
			   "TOUCHSPOTS_WESTON_CONTROL_FD=N\n");
		return -1;
	}
	if (wl_list_empty(&compositor->output_list)) {
		weston_log("touchspots-weston: no output\n");
		return -1;
	}

	struct harness *h = calloc(1, sizeof *h);
	if (!h)
		return -1;
	h->compositor = compositor;
	h->listen_fd = -1;
	wl_list_init(&h->connections);
	h->output = wl_container_of(compositor->output_list.next, h->output, link);

	weston_seat_init(&h->seat, compositor, "touchspots");
	if (weston_seat_init_touch(&h->seat) < 0) {
		free(h);
		return -1;
	}
	h->device = weston_touch_create_touch_device(weston_seat_get_touch(&h->seat),
						     "touchspots-harness", NULL, NULL);
	if (!h->device) {
		weston_seat_release(&h->seat);
		free(h);
		return -1;
	}
	/* A desktop-like seat: pointer and keyboard too, unless TOUCHSPOTS_WESTON_TOUCH_ONLY
	 * is set. A keyboard needs a keymap, which needs xkb-data; without it the seat has
	 * no keyboard and key commands say so. */
	if (!getenv("TOUCHSPOTS_WESTON_TOUCH_ONLY")) {
		h->has_pointer = weston_seat_init_pointer(&h->seat) == 0;
		h->has_keyboard = weston_seat_init_keyboard(&h->seat, NULL) == 0;
	}

	struct wl_event_loop *loop = wl_display_get_event_loop(compositor->wl_display);
	h->timeout = wl_event_loop_add_timer(loop, on_timeout, h);
	h->idle_check = wl_event_loop_add_timer(loop, on_idle_check, h);
	h->logger = wl_display_add_protocol_logger(compositor->wl_display, protocol_logger, h);
	pixel_watch_init(&h->watch, compositor, h->output);
	h->watch.on_resolved = on_watch_resolved;
	h->watch.data = h;
	h->frame_listener.notify = on_frame;
	wl_signal_add(&h->output->frame_signal, &h->frame_listener);
	h->destroy_listener.notify = on_compositor_destroy;
	wl_signal_add(&compositor->destroy_signal, &h->destroy_listener);

	if (fd_env) {
		char *end;
		long fd = strtol(fd_env, &end, 10);
		if (end == fd_env || *end || fd < 0 || fd > INT32_MAX || fcntl((int)fd, F_GETFD) < 0) {
			weston_log("touchspots-weston: TOUCHSPOTS_WESTON_CONTROL_FD=%s is not an "
				   "open file descriptor\n", fd_env);
			return -1;
		}
		add_connection(h, (int)fd);
	}
	if (path_env && listen_on(h, path_env) < 0)
		return -1;
	weston_log("touchspots-weston: touch seat ready\n");
	return 0;
}
