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
	TS_COMMAND_SYNC,       /* sync */
	TS_COMMAND_SCREENSHOT, /* screenshot PATH */
	TS_COMMAND_SIZE,       /* size -> ok W H */
	TS_COMMAND_COMMITS,    /* commits -> ok N */
	TS_COMMAND_REQUESTS,   /* requests IFACE.MSG -> ok N */
};

struct ts_command {
	enum ts_command_kind kind;
	const char *name;  /* the command word as written */
	int32_t id;        /* down, motion, up */
	double x, y;       /* down, motion, pointer: finite numbers */
	uint32_t code;     /* button: BTN_*; key: KEY_* (Linux input codes) */
	bool pressed;      /* button, key */
	const char *text;  /* screenshot PATH, requests IFACE.MSG (points into the line) */
};

/* Parses one line (changed in place). On success fills `command` and returns true. On a
 * bad line returns false with a complete reply in `error` ("error: ..."), naming the
 * command and the argument that is wrong. */
bool ts_command_parse(char *line, struct ts_command *command, char *error, size_t error_size);

#endif
