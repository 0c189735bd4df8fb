/* The wlroots shim's shared state and the functions its files share (touchspots-wlroots.c
 * has the overview). Each file owns one job: the interposed entry points and the control
 * socket (touchspots-wlroots.c), sync rounds (sync.c), touch and tablet injection
 * (input.c), screenshots (screenshot.c), wlroots' own bugs (quirks.c), and the pixel
 * watch (pixel-watch.c). */
#ifndef TOUCHSPOTS_WLROOTS_SHIM_H
#define TOUCHSPOTS_WLROOTS_SHIM_H

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

#include "pixel-watch.h"
#include "harness-server-support.h"
#include "harness-protocol.h"

#define HIDDEN __attribute__((visibility("hidden")))

#define MAX_TOUCHES 64
#define TIMEOUT_MS 10000
#define MAX_ROUNDS 400

enum wait_kind { WAIT_NONE, WAIT_PONG, WAIT_FRAME, WAIT_WATCH };

struct shim_state {
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
};

HIDDEN extern struct shim_state shim;

/* touchspots-wlroots.c */
HIDDEN void reply(const char *fmt, ...);
HIDDEN uint32_t now_ms(void);
HIDDEN void process_lines(void);
HIDDEN void start_control(void);
/* sync.c */
HIDDEN void finish(const char *msg);
HIDDEN void sync_round(void);
HIDDEN void logger(void *data, enum wl_protocol_logger_type type, const struct wl_protocol_logger_message *m);
HIDDEN int on_timeout(void *data);
/* input.c */
HIDDEN void touch_command(const struct ts_command *cmd);
HIDDEN void tool_command(const struct ts_command *cmd);
/* screenshot.c */
HIDDEN const char *write_screenshot(const char *path);
/* quirks.c */
HIDDEN void quirk_wlroots015_headless_never_presents(struct wlr_output *output);

#endif
