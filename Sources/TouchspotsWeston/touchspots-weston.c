/*
 * touchspots-weston: touch seat, control socket, client sync and screenshots for a
 * headless weston 10. The command language is described in touchspots-weston.h. This
 * file holds the module's start, its control connections and the command dispatch;
 * input.c the seat, sync.c client sync, output.c repaints and screenshots,
 * pixel-watch.c the pixel watch, quirks.c weston 10's workarounds.
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
#include "harness.h"

static void connection_process(struct connection *c);

HIDDEN void
reply(struct connection *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ts_vsend_line(c->fd, fmt, ap);
	va_end(ap);
}

/* ---- waiting commands ---- */

HIDDEN void
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

HIDDEN void
begin_wait(struct harness *h, struct connection *c, enum wait_kind kind)
{
	h->waiter = c;
	h->wait = kind;
	h->sync_rounds = 0;
	wl_event_source_timer_update(h->timeout, TIMEOUT_MS);
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
	case TS_COMMAND_TOUCH_CAPABILITY:
		harness_touch_capability(h, c, cmd.on);
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
		 * a whole refresh later, making start-up times jump by 16.7 ms (docs/design/performance.md,
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
	/* A conformance run judges weston as shipped: the module then adds nothing to what
	 * weston sends (no frame after the last up, no cancel of its own; quirks.c). */
	h->as_shipped = getenv("TOUCHSPOTS_WESTON_AS_SHIPPED") != NULL;
	wl_list_init(&h->connections);
	h->output = wl_container_of(compositor->output_list.next, h->output, link);
	/* TOUCHSPOTS_WESTON_OUTPUT_MM=WxH gives the headless output a physical size (it says
	 * 0 x 0 mm otherwise), as a tablet's panel says its own: what turns pixels into
	 * millimetres for a qualify run. Set before any client binds wl_output. */
	const char *mm = getenv("TOUCHSPOTS_WESTON_OUTPUT_MM");
	int mm_width = 0, mm_height = 0;
	if (mm && sscanf(mm, "%dx%d", &mm_width, &mm_height) == 2 && mm_width > 0 && mm_height > 0) {
		struct weston_head *head = weston_output_iterate_heads(h->output, NULL);
		if (head) {
			/* weston_head_set_physical_size is a backend's, not in libweston's
			 * public headers; wl_output's bind reads these fields. */
			head->mm_width = mm_width;
			head->mm_height = mm_height;
		}
	}

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
