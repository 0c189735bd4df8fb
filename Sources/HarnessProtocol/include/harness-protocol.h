#ifndef TOUCHSPOTS_HARNESS_PROTOCOL_H
#define TOUCHSPOTS_HARNESS_PROTOCOL_H

/* The harness command language (docs/harness-protocol.md), parsed once for every driver
 * written in C: the weston module, the wlroots shim and touchspots-kwin-input. The mutter
 * driver (Python) follows the same document.
 *
 * One command a line, words separated by spaces or tabs; every command is answered with
 * one line: "ok", "ok VALUE...", "unsupported: WHY" or "error: WHY". */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ts_command_kind {
	TS_COMMAND_NONE,       /* an empty line: no reply */
	TS_COMMAND_DOWN,       /* down ID X Y */
	TS_COMMAND_MOTION,     /* motion ID X Y */
	TS_COMMAND_UP,         /* up ID */
	TS_COMMAND_FRAME,      /* frame */
	TS_COMMAND_CANCEL,     /* cancel */
	TS_COMMAND_POINTER,    /* pointer X Y */
	TS_COMMAND_BUTTON,     /* button left|right|middle press|release */
	TS_COMMAND_KEY,        /* key NAME|CODE press|release */
	TS_COMMAND_WAIT_READY, /* wait-ready */
	TS_COMMAND_WAIT_IDLE,  /* wait-idle: until the compositor has no repaint scheduled */
	TS_COMMAND_SYNC,       /* sync */
	TS_COMMAND_SCREENSHOT, /* screenshot PATH */
	TS_COMMAND_SIZE,       /* size -> ok W H */
	TS_COMMAND_COMMITS,    /* commits -> ok N */
	TS_COMMAND_REQUESTS,   /* requests IFACE.MSG -> ok N */
	/* A tablet tool (TOOL: pen or eraser); X Y in logical px like touches. */
	TS_COMMAND_TOOL_IN,     /* tool-in TOOL X Y: proximity in */
	TS_COMMAND_TOOL_MOTION, /* tool-motion TOOL X Y [pressure P] [tilt TX TY] [distance D] */
	TS_COMMAND_TOOL_TIP,    /* tool-tip TOOL down|up */
	TS_COMMAND_TOOL_BUTTON, /* tool-button TOOL CODE press|release (CODE: a Linux BTN_* code) */
	TS_COMMAND_TOOL_OUT,    /* tool-out TOOL: proximity out */
	/* The pixel watch (touch to pixel, measured in the compositor): */
	TS_COMMAND_WATCH,        /* watch X Y: remember the 3x3 output pixels at X Y */
	TS_COMMAND_WATCH_RESULT, /* watch-result -> ok TO_PRESENTED_MS FLOOR_PRESENTED_MS PAST_FLOOR PRESENTED_NS TO_REPAINT_MS FLOOR_REPAINT_MS */
	TS_COMMAND_WINDOW,       /* window -> ok X Y W H: the client window's content on the output */
	TS_COMMAND_TOUCH_CAPABILITY, /* touch-capability on|off: the seat gains or loses touch */
};

enum ts_tool { TS_TOOL_PEN, TS_TOOL_ERASER };

/* Which optional axes a tool-motion carries. */
enum ts_axis { TS_AXIS_PRESSURE = 1, TS_AXIS_TILT = 2, TS_AXIS_DISTANCE = 4 };

struct ts_command {
	enum ts_command_kind kind;
	const char *name;  /* the command word as written */
	int32_t id;        /* down, motion, up */
	double x, y;       /* down, motion, pointer, watch: finite numbers */
	uint32_t code;     /* button: BTN_*; key: KEY_* (Linux input codes) */
	bool pressed;      /* button, key */
	bool on;           /* touch-capability */
	const char *text;  /* screenshot PATH, requests IFACE.MSG (points into the line) */
	enum ts_tool tool; /* tool-* */
	unsigned axes;     /* tool-motion: enum ts_axis bits */
	double pressure, tilt_x, tilt_y, distance; /* pressure, distance 0..1; tilt in degrees */
	bool tip_down;     /* tool-tip */
};

/* Parses one line (changed in place). On success fills `command` and returns true. On a
 * bad line returns false with a complete reply in `error` ("error: ..."), naming the
 * command and the argument that is wrong. */
bool ts_command_parse(char *line, struct ts_command *command, char *error, size_t error_size);

#endif
