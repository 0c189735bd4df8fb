/*
 * touchspots-wlroots: LD_PRELOAD into a wlroots 0.15 compositor (sway, cage, phoc) running
 * on the headless backend, to give it a touchscreen and a control socket. wlroots has no
 * protocol for injecting touch; its headless backend can make an input device, so the
 * shim adds one right after the backend starts and emits its touch signals itself.
 *
 * Environment:
 *   TOUCHSPOTS_WLROOTS_CONTROL=PATH   Unix socket to listen on (one command per line)
 *   TOUCHSPOTS_WLROOTS_SIZE=WxH       the output's size in logical px, to normalize touches
 *
 * Commands and replies as touchspots-weston's (see its header): down ID X Y, motion ID X Y,
 * up ID, frame, cancel, sync, commits, requests IFACE.MSG; and screenshot PATH, which writes
 * the buffer the output shows as PNG.
 *
 * It also adds a pen tablet (a WLR_INPUT_DEVICE_TABLET_TOOL device, which sway 1.7 attaches
 * to its cursor and forwards through tablet-v2) with two tools, a pen and an eraser, driven
 * by tool-in, tool-motion, tool-tip, tool-button and tool-out (docs/harness-protocol.md).
 * wlroots 0.15 has no tablet frame signal: its tablet-v2 code sends each tool's frame once
 * the loop goes idle, so the events of one batch of commands arrive as one frame.
 * grim (wlr-screencopy) was the first way to screenshots and failed on two of the three:
 * phoc 0.24 scans touchspots' buffer out directly and screencopy then copies an unrendered
 * (black) buffer; reading the output's own front buffer works the same on all of them.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server-core.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_buffer.h>
#include <drm_fourcc.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_tablet_tool.h>
#include <linux/input-event-codes.h>
#include <wlr/interfaces/wlr_output.h>

#include "touchspots-wlroots.h"
#include "pixel-watch.h"
#include "harness-server-support.h"
#include "harness-protocol.h"

#define MAX_TOUCHES 64
#define TIMEOUT_MS 10000
#define MAX_ROUNDS 400

enum wait_kind { WAIT_NONE, WAIT_PONG, WAIT_FRAME, WAIT_WATCH };

static struct {
	struct wl_display *display;
	struct wlr_backend *headless;
	struct wlr_input_device *device;
	/* The pen tablet and its two tools (pen, eraser), with where each tool last was. */
	struct wlr_input_device *tablet;
	struct wlr_tablet_tool tools[2];
	bool tool_in[2], tool_down[2];
	double tool_x[2], tool_y[2];
	struct wlr_output *output;
	double width, height;
	int listen_fd;
	struct wl_event_source *listen_source;
	struct wl_event_source *timeout;
	struct wl_protocol_logger *logger;
	int conn_fd;
	struct wl_event_source *conn_source;
	struct ts_line_buffer input;
	int32_t active[MAX_TOUCHES];
	double last_x[MAX_TOUCHES], last_y[MAX_TOUCHES];
	int active_count;
	enum wait_kind wait;
	uint32_t ping_serial;
	int pongs_expected;
	int rounds;
	int quiet_rounds;
	uint64_t last_round_end_commits;
	uint64_t commits, round_commits, frames, wait_frames;
	/* The buffer the output shows: the last one committed to it (rendered, or a
	 * client's buffer under direct scan-out), kept locked as the output keeps it. */
	struct wlr_buffer *front;
	/* Touch to pixel, timed on output commits (pixel-watch.h). */
	struct wlr_pixel_watch watch;
	struct ts_request_counts requests;
} shim = { .listen_fd = -1, .conn_fd = -1 };

static void process_lines(void);

static void
reply(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ts_vsend_line(shim.conn_fd, fmt, ap);
	va_end(ap);
}

static uint32_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* ---- sync: ping every client, repeat across output frames until nobody commits ---- */

static void
finish(const char *msg)
{
	shim.wait = WAIT_NONE;
	wl_event_source_timer_update(shim.timeout, 0);
	reply("%s", msg);
	process_lines();
}

static void
sync_round(void)
{
	if (++shim.rounds > MAX_ROUNDS) {
		finish("error: clients kept committing");
		return;
	}
	shim.ping_serial = wl_display_next_serial(shim.display);
	shim.round_commits = shim.commits;
	int count = ts_ping_clients(shim.display, shim.ping_serial);
	shim.pongs_expected = count;
	shim.wait = WAIT_PONG;
	if (count == 0)
		finish("ok");
}

/* All pongs in. Done after two rounds in a row, each after a rendered frame, with no
 * commit since the previous round ended: a client still animating draws on the frame
 * callbacks those frames answer. The gap between rounds counts too: sway sends frame
 * callbacks when a frame starts but renders (and so starts our round) later, so a client
 * may commit in between. */
static void
after_pongs(void)
{
	bool quiet = shim.rounds > 1 && shim.commits == shim.last_round_end_commits;
	shim.last_round_end_commits = shim.commits;
	shim.quiet_rounds = quiet ? shim.quiet_rounds + 1 : 0;
	if (shim.quiet_rounds >= 2) {
		finish("ok");
		return;
	}
	shim.wait = WAIT_FRAME;
	shim.wait_frames = shim.frames;
	if (shim.output)
		wlr_output_schedule_frame(shim.output);
}

static void
logger(void *data, enum wl_protocol_logger_type type, const struct wl_protocol_logger_message *m)
{
	if (type != WL_PROTOCOL_LOGGER_REQUEST)
		return;
	const char *iface = wl_resource_get_class(m->resource);
	ts_request_counts_add(&shim.requests, iface, m->message->name);
	if (strcmp(m->message->name, "commit") == 0 && strcmp(iface, "wl_surface") == 0)
		shim.commits++;
	else if (shim.wait == WAIT_PONG && strcmp(m->message->name, "pong") == 0 &&
		 strcmp(iface, "xdg_wm_base") == 0 && m->arguments_count > 0 &&
		 m->arguments[0].u == shim.ping_serial && --shim.pongs_expected <= 0)
		after_pongs();
}

static int
on_timeout(void *data)
{
	if (shim.wait != WAIT_NONE)
		finish("error: timed out");
	return 0;
}

/* ---- interposed wlroots entry points ---- */

struct wlr_backend *
wlr_backend_autocreate(struct wl_display *display)
{
	struct wlr_backend *(*real)(struct wl_display *) = dlsym(RTLD_NEXT, "wlr_backend_autocreate");
	shim.display = display;
	return real(display);
}

/* wlroots 0.15's headless backend never signals that a committed buffer was presented,
 * so clients' wp_presentation_feedback never ends (seen on sway, cage and phoc headless).
 * A real display presents each committed buffer at the next refresh; headless has no
 * refresh, so the shim says it was presented when it was committed. */
static void
present_now(struct wlr_output *output)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	struct wlr_output_event_present event = {
		.output = output,
		.commit_seq = output->commit_seq,
		.presented = true,
		.when = &now,
		.refresh = output->refresh > 0 ? (int)(1000000000000LL / output->refresh) : 0,
	};
	wlr_output_send_present(output, &event);
}

bool
wlr_output_commit(struct wlr_output *output)
{
	bool (*real)(struct wlr_output *) = dlsym(RTLD_NEXT, "wlr_output_commit");
	struct wlr_buffer *buffer = (output->pending.committed & WLR_OUTPUT_STATE_BUFFER)
		? wlr_buffer_lock(output->pending.buffer) : NULL;
	bool ok = real(output);
	if (buffer && ok) {
		if (shim.front)
			wlr_buffer_unlock(shim.front);
		shim.front = buffer;
		present_now(output);
		if (wlr_pixel_watch_committed(&shim.watch, buffer) && shim.wait == WAIT_WATCH) {
			char result[256];
			wlr_pixel_watch_result(&shim.watch, result, sizeof result);
			finish(result);
		}
	} else if (buffer) {
		wlr_buffer_unlock(buffer);
	}
	shim.output = output;
	shim.frames++;
	if (shim.wait == WAIT_FRAME && shim.frames > shim.wait_frames)
		sync_round();
	return ok;
}

static void
find_headless(struct wlr_backend *backend, void *data)
{
	if (wlr_backend_is_headless(backend))
		shim.headless = backend;
}

static void start_control(void);

bool
wlr_backend_start(struct wlr_backend *backend)
{
	bool (*real)(struct wlr_backend *) = dlsym(RTLD_NEXT, "wlr_backend_start");
	bool ok = real(backend);
	if (!ok || shim.device)
		return ok;
	if (wlr_backend_is_multi(backend))
		wlr_multi_for_each_backend(backend, find_headless, NULL);
	else if (wlr_backend_is_headless(backend))
		shim.headless = backend;
	if (!shim.headless) {
		fprintf(stderr, "touchspots-wlroots: no headless backend (set WLR_BACKENDS=headless)\n");
		return ok;
	}
	shim.device = wlr_headless_add_input_device(shim.headless, WLR_INPUT_DEVICE_TOUCH);
	shim.tablet = wlr_headless_add_input_device(shim.headless, WLR_INPUT_DEVICE_TABLET_TOOL);
	for (int i = 0; i < 2; i++) {
		struct wlr_tablet_tool *tool = &shim.tools[i];
		tool->type = i == TS_TOOL_PEN ? WLR_TABLET_TOOL_TYPE_PEN : WLR_TABLET_TOOL_TYPE_ERASER;
		tool->hardware_serial = 0x7500 + i;
		tool->pressure = tool->tilt = tool->distance = true;
		wl_signal_init(&tool->events.destroy);
	}
	if (shim.device && shim.display)
		start_control();
	return ok;
}

/* ---- touch commands ---- */

static int
find_active(int32_t id)
{
	for (int i = 0; i < shim.active_count; i++)
		if (shim.active[i] == id)
			return i;
	return -1;
}

static void
touch_command(const struct ts_command *cmd)
{
	struct wlr_touch *touch = shim.device->touch;
	bool down = cmd->kind == TS_COMMAND_DOWN, up = cmd->kind == TS_COMMAND_UP;
	int32_t id = cmd->id;
	int index = find_active(id);
	if (down == (index >= 0)) {
		reply("error: %s: touch %d is %s", cmd->name, id, down ? "already down" : "not down");
		return;
	}
	if (down && shim.active_count == MAX_TOUCHES) {
		reply("error: down: at most %d touches at once", MAX_TOUCHES);
		return;
	}
	if (down) {
		struct wlr_event_touch_down e = { shim.device, now_ms(), id, cmd->x / shim.width,
						  cmd->y / shim.height };
		shim.active[shim.active_count++] = id;
		wl_signal_emit(&touch->events.down, &e);
	} else if (up) {
		struct wlr_event_touch_up e = { shim.device, now_ms(), id };
		shim.active[index] = shim.active[--shim.active_count];
		wl_signal_emit(&touch->events.up, &e);
	} else {
		struct wlr_event_touch_motion e = { shim.device, now_ms(), id, cmd->x / shim.width,
						    cmd->y / shim.height };
		wl_signal_emit(&touch->events.motion, &e);
	}
	if (!up) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		wlr_pixel_watch_touched(&shim.watch, (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
	}
	reply("ok");
}

/* ---- tablet tool commands ---- */

static void
tool_command(const struct ts_command *cmd)
{
	if (!shim.tablet || !shim.tablet->tablet) {
		reply("unsupported: %s: the compositor made no tablet device", cmd->name);
		return;
	}
	struct wlr_tablet *tablet = shim.tablet->tablet;
	int t = cmd->tool;
	struct wlr_tablet_tool *tool = &shim.tools[t];
	bool in = shim.tool_in[t];
	if (cmd->kind != TS_COMMAND_TOOL_IN && !in) {
		reply("error: %s: the %s is not in proximity (tool-in first)", cmd->name, t ? "eraser" : "pen");
		return;
	}
	if (cmd->kind == TS_COMMAND_TOOL_TIP && cmd->tip_down == shim.tool_down[t]) {
		reply("error: tool-tip: the %s is already %s", t ? "eraser" : "pen", cmd->tip_down ? "down" : "up");
		return;
	}
	if (cmd->kind == TS_COMMAND_TOOL_IN || cmd->kind == TS_COMMAND_TOOL_MOTION) {
		shim.tool_x[t] = cmd->x / shim.width;
		shim.tool_y[t] = cmd->y / shim.height;
	}
	double x = shim.tool_x[t], y = shim.tool_y[t];
	switch (cmd->kind) {
	case TS_COMMAND_TOOL_IN:
	case TS_COMMAND_TOOL_OUT: {
		if ((cmd->kind == TS_COMMAND_TOOL_IN) == in) {
			reply("error: %s: the %s is already %s", cmd->name, t ? "eraser" : "pen", in ? "in" : "out");
			return;
		}
		bool entering = cmd->kind == TS_COMMAND_TOOL_IN;
		struct wlr_event_tablet_tool_proximity e = {
			.device = shim.tablet, .tool = tool, .time_msec = now_ms(), .x = x, .y = y,
			.state = entering ? WLR_TABLET_TOOL_PROXIMITY_IN : WLR_TABLET_TOOL_PROXIMITY_OUT,
		};
		shim.tool_in[t] = entering;
		shim.tool_down[t] = false;
		wl_signal_emit(&tablet->events.proximity, &e);
		break;
	}
	case TS_COMMAND_TOOL_MOTION: {
		struct wlr_event_tablet_tool_axis e = {
			.device = shim.tablet, .tool = tool, .time_msec = now_ms(),
			.updated_axes = WLR_TABLET_TOOL_AXIS_X | WLR_TABLET_TOOL_AXIS_Y, .x = x, .y = y,
		};
		if (cmd->axes & TS_AXIS_PRESSURE) {
			e.updated_axes |= WLR_TABLET_TOOL_AXIS_PRESSURE;
			e.pressure = cmd->pressure;
		}
		if (cmd->axes & TS_AXIS_DISTANCE) {
			e.updated_axes |= WLR_TABLET_TOOL_AXIS_DISTANCE;
			e.distance = cmd->distance;
		}
		if (cmd->axes & TS_AXIS_TILT) {
			e.updated_axes |= WLR_TABLET_TOOL_AXIS_TILT_X | WLR_TABLET_TOOL_AXIS_TILT_Y;
			e.tilt_x = cmd->tilt_x;
			e.tilt_y = cmd->tilt_y;
		}
		wl_signal_emit(&tablet->events.axis, &e);
		break;
	}
	case TS_COMMAND_TOOL_TIP: {
		struct wlr_event_tablet_tool_tip e = {
			.device = shim.tablet, .tool = tool, .time_msec = now_ms(), .x = x, .y = y,
			.state = cmd->tip_down ? WLR_TABLET_TOOL_TIP_DOWN : WLR_TABLET_TOOL_TIP_UP,
		};
		shim.tool_down[t] = cmd->tip_down;
		wl_signal_emit(&tablet->events.tip, &e);
		break;
	}
	case TS_COMMAND_TOOL_BUTTON: {
		struct wlr_event_tablet_tool_button e = {
			.device = shim.tablet, .tool = tool, .time_msec = now_ms(), .button = cmd->code,
			.state = cmd->pressed ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED,
		};
		wl_signal_emit(&tablet->events.button, &e);
		break;
	}
	default:
		break;
	}
	reply("ok");
}

/* ---- screenshots: the output's front buffer as PNG ---- */

static const char *
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

static void
run(char *line)
{
	struct ts_command cmd;
	char error[512];
	if (!ts_command_parse(line, &cmd, error, sizeof error)) {
		reply("%s", error);
		return;
	}
	switch (cmd.kind) {
	case TS_COMMAND_NONE:
		return;
	case TS_COMMAND_DOWN:
	case TS_COMMAND_MOTION:
	case TS_COMMAND_UP:
		touch_command(&cmd);
		return;
	case TS_COMMAND_FRAME:
		wl_signal_emit(&shim.device->touch->events.frame, NULL);
		reply("ok");
		return;
	case TS_COMMAND_CANCEL:
		for (int i = 0; i < shim.active_count; i++) {
			struct wlr_event_touch_cancel e = { shim.device, now_ms(), shim.active[i] };
			wl_signal_emit(&shim.device->touch->events.cancel, &e);
		}
		shim.active_count = 0;
		wl_signal_emit(&shim.device->touch->events.frame, NULL);
		reply("ok");
		return;
	case TS_COMMAND_SYNC:
	case TS_COMMAND_WAIT_READY:
		/* The shim's sync waits for the client to settle, which covers being ready. */
		shim.rounds = 0;
		shim.quiet_rounds = 0;
		wl_event_source_timer_update(shim.timeout, TIMEOUT_MS);
		sync_round();
		return;
	case TS_COMMAND_SIZE:
		reply("ok %d %d", (int)shim.width, (int)shim.height);
		return;
	case TS_COMMAND_SCREENSHOT: {
		const char *problem = write_screenshot(cmd.text);
		if (problem)
			reply("error: screenshot: %s", problem);
		else
			reply("ok");
		return;
	}
	case TS_COMMAND_COMMITS:
		reply("ok %llu", (unsigned long long)shim.commits);
		return;
	case TS_COMMAND_REQUESTS:
		reply("ok %llu", (unsigned long long)ts_request_counts_get(&shim.requests, cmd.text));
		return;
	case TS_COMMAND_TOOL_IN:
	case TS_COMMAND_TOOL_MOTION:
	case TS_COMMAND_TOOL_TIP:
	case TS_COMMAND_TOOL_BUTTON:
	case TS_COMMAND_TOOL_OUT:
		tool_command(&cmd);
		return;
	case TS_COMMAND_POINTER:
	case TS_COMMAND_BUTTON:
	case TS_COMMAND_KEY:
		reply("unsupported: %s: the wlroots shim adds a touchscreen and a pen only", cmd.name);
		return;
	case TS_COMMAND_WATCH: {
		char problem[256];
		int scale = shim.output && shim.output->scale > 0 ? (int)shim.output->scale : 1;
		if (wlr_pixel_watch_arm(&shim.watch, shim.front, (int)(cmd.x * scale), (int)(cmd.y * scale),
					problem, sizeof problem))
			reply("ok");
		else
			reply("%s", problem);
		return;
	}
	case TS_COMMAND_WATCH_RESULT: {
		char result[256];
		if (wlr_pixel_watch_result(&shim.watch, result, sizeof result) != 0) {
			reply("%s", result);
		} else {
			shim.wait = WAIT_WATCH;
			wl_event_source_timer_update(shim.timeout, TIMEOUT_MS);
		}
		return;
	}
	case TS_COMMAND_WINDOW:
		/* The harness asks sway's IPC where the window is. */
		reply("unsupported: %s: the wlroots shim does not know the compositor's windows", cmd.name);
		return;
	case TS_COMMAND_WAIT_IDLE:
		/* Only the weston benchmark needs it (its start-up time). */
		reply("unsupported: %s: the wlroots shim cannot see the output's repaint cycle", cmd.name);
		return;
	}
}

static void
process_lines(void)
{
	char line[TS_LINE_MAX];
	while (shim.wait == WAIT_NONE && ts_line_buffer_take(&shim.input, line))
		run(line);
}

static void
close_connection(void)
{
	if (shim.conn_source)
		wl_event_source_remove(shim.conn_source);
	if (shim.conn_fd >= 0)
		close(shim.conn_fd);
	shim.conn_source = NULL;
	shim.conn_fd = -1;
	shim.input.length = 0;
	shim.wait = WAIT_NONE;
}

static int
on_data(int fd, uint32_t mask, void *data)
{
	switch (ts_line_buffer_read(&shim.input, fd)) {
	case TS_READ_CLOSED:
		close_connection();
		return 0;
	case TS_READ_AGAIN:
		return 0;
	case TS_READ_OVERFLOW:
		reply("error: line too long");
		break;
	case TS_READ_OK:
		break;
	}
	process_lines();
	return 0;
}

static int
on_accept(int fd, uint32_t mask, void *data)
{
	int c = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
	if (c < 0)
		return 0;
	close_connection(); /* one controller at a time */
	shim.conn_fd = c;
	shim.conn_source = wl_event_loop_add_fd(wl_display_get_event_loop(shim.display), c,
						 WL_EVENT_READABLE, on_data, NULL);
	return 0;
}

static void
start_control(void)
{
	const char *path = getenv("TOUCHSPOTS_WLROOTS_CONTROL");
	const char *size = getenv("TOUCHSPOTS_WLROOTS_SIZE");
	int w = 0, h = 0;
	if (!path || !size || sscanf(size, "%dx%d", &w, &h) != 2 || w <= 0 || h <= 0) {
		fprintf(stderr, "touchspots-wlroots: set TOUCHSPOTS_WLROOTS_CONTROL and "
				"TOUCHSPOTS_WLROOTS_SIZE=WxH\n");
		return;
	}
	shim.width = w;
	shim.height = h;
	/* Listen under a temporary name, then rename: whoever sees the path can connect. */
	char temporary[sizeof ((struct sockaddr_un *)0)->sun_path];
	snprintf(temporary, sizeof temporary, "%s.tmp", path);
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	snprintf(addr.sun_path, sizeof addr.sun_path, "%s", temporary);
	unlink(temporary);
	unlink(path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, 4) < 0 ||
	    rename(temporary, path) < 0) {
		fprintf(stderr, "touchspots-wlroots: cannot listen on %s: %s\n", path, strerror(errno));
		return;
	}
	shim.listen_fd = fd;
	struct wl_event_loop *loop = wl_display_get_event_loop(shim.display);
	shim.listen_source = wl_event_loop_add_fd(loop, fd, WL_EVENT_READABLE, on_accept, NULL);
	shim.timeout = wl_event_loop_add_timer(loop, on_timeout, NULL);
	shim.logger = wl_display_add_protocol_logger(shim.display, logger, NULL);
	fprintf(stderr, "touchspots-wlroots: touch device ready, control on %s\n", path);
}
