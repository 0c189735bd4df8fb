#include "shim.h"

/* ---- touch commands ---- */

static int
find_active(int32_t id)
{
	for (int i = 0; i < shim.active_count; i++)
		if (shim.active[i] == id)
			return i;
	return -1;
}

void
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

void
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
