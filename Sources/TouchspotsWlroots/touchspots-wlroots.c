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
#include "shim.h"
#include "touchspots-wlroots.h"

struct shim_state shim = { .listen_fd = -1, .conn_fd = -1 };

void
reply(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ts_vsend_line(shim.conn_fd, fmt, ap);
	va_end(ap);
}

uint32_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* ---- interposed wlroots entry points ---- */

struct wlr_backend *
wlr_backend_autocreate(struct wl_display *display)
{
	struct wlr_backend *(*real)(struct wl_display *) = dlsym(RTLD_NEXT, "wlr_backend_autocreate");
	shim.display = display;
	return real(display);
}

/* TOUCHSPOTS_WLROOTS_OUTPUT_MM=WxH gives the headless output a physical size (it says
 * 0 x 0 mm otherwise), as a tablet's panel says its own: what turns pixels into
 * millimetres for a qualify run. Its first commit comes before any client binds
 * wl_output, whose geometry event reads these fields. */
static void
give_physical_size(struct wlr_output *output)
{
	const char *mm = getenv("TOUCHSPOTS_WLROOTS_OUTPUT_MM");
	int w = 0, h = 0;
	if (mm && sscanf(mm, "%dx%d", &w, &h) == 2 && w > 0 && h > 0) {
		output->phys_width = w;
		output->phys_height = h;
	}
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
		quirk_wlroots015_headless_never_presents(output);
		if (wlr_pixel_watch_committed(&shim.watch, buffer) && shim.wait == WAIT_WATCH) {
			char result[256];
			wlr_pixel_watch_result(&shim.watch, result, sizeof result);
			finish(result);
		}
	} else if (buffer) {
		wlr_buffer_unlock(buffer);
	}
	if (shim.output != output)
		give_physical_size(output);
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
	case TS_COMMAND_TOUCH_CAPABILITY:
		reply("unsupported: %s: the wlroots shim's touchscreen stays", cmd.name);
		return;
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

void
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

void
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
