#include "harness-protocol.h"

#include <errno.h>
#include <linux/input-event-codes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 12

static const struct {
	const char *name;
	enum ts_command_kind kind;
	int arguments; /* the exact count, or for tool-motion the least */
	const char *usage;
} commands[] = {
	{ "down", TS_COMMAND_DOWN, 3, "down ID X Y" },
	{ "motion", TS_COMMAND_MOTION, 3, "motion ID X Y" },
	{ "up", TS_COMMAND_UP, 1, "up ID" },
	{ "frame", TS_COMMAND_FRAME, 0, "frame" },
	{ "cancel", TS_COMMAND_CANCEL, 0, "cancel" },
	{ "pointer", TS_COMMAND_POINTER, 2, "pointer X Y" },
	{ "button", TS_COMMAND_BUTTON, 2, "button left|right|middle press|release" },
	{ "key", TS_COMMAND_KEY, 2, "key NAME|CODE press|release" },
	{ "wait-ready", TS_COMMAND_WAIT_READY, 0, "wait-ready" },
	{ "wait-idle", TS_COMMAND_WAIT_IDLE, 0, "wait-idle" },
	{ "sync", TS_COMMAND_SYNC, 0, "sync" },
	{ "screenshot", TS_COMMAND_SCREENSHOT, 1, "screenshot PATH" },
	{ "size", TS_COMMAND_SIZE, 0, "size" },
	{ "commits", TS_COMMAND_COMMITS, 0, "commits" },
	{ "requests", TS_COMMAND_REQUESTS, 1, "requests IFACE.MSG" },
	{ "tool-in", TS_COMMAND_TOOL_IN, 3, "tool-in pen|eraser X Y" },
	{ "tool-motion", TS_COMMAND_TOOL_MOTION, 3,
	  "tool-motion pen|eraser X Y [pressure P] [tilt TX TY] [distance D]" },
	{ "tool-tip", TS_COMMAND_TOOL_TIP, 2, "tool-tip pen|eraser down|up" },
	{ "tool-button", TS_COMMAND_TOOL_BUTTON, 3, "tool-button pen|eraser CODE press|release" },
	{ "tool-out", TS_COMMAND_TOOL_OUT, 1, "tool-out pen|eraser" },
	{ "watch", TS_COMMAND_WATCH, 2, "watch X Y" },
	{ "watch-result", TS_COMMAND_WATCH_RESULT, 0, "watch-result" },
	{ "window", TS_COMMAND_WINDOW, 0, "window" },
	{ "touch-capability", TS_COMMAND_TOUCH_CAPABILITY, 1, "touch-capability on|off" },
};

static const struct { const char *name; uint32_t code; } buttons[] = {
	{ "left", BTN_LEFT }, { "right", BTN_RIGHT }, { "middle", BTN_MIDDLE },
};

static const struct { const char *name; uint32_t code; } keys[] = {
	{ "esc", KEY_ESC }, { "q", KEY_Q }, { "f", KEY_F }, { "c", KEY_C }, { "h", KEY_H },
	{ "i", KEY_I }, { "t", KEY_T }, { "f11", KEY_F11 }, { "leftalt", KEY_LEFTALT },
	{ "leftshift", KEY_LEFTSHIFT }, { "1", KEY_1 }, { "2", KEY_2 }, { "3", KEY_3 },
	{ "4", KEY_4 }, { "5", KEY_5 },
};

static bool
fail(char *error, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(error, size, "error: ");
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < size)
		vsnprintf(error + n, size - (size_t)n, fmt, ap);
	va_end(ap);
	return false;
}

static bool
parse_int32(const char *s, int32_t *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || end == s || *end || v < INT32_MIN || v > INT32_MAX)
		return false;
	*out = (int32_t)v;
	return true;
}

static bool
parse_finite(const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(v))
		return false;
	*out = v;
	return true;
}

static int
parse_state(const char *word)
{
	if (strcmp(word, "press") == 0)
		return 1;
	if (strcmp(word, "release") == 0)
		return 0;
	return -1;
}

/* The tool-* commands, after the command word and the argument count were checked. */
static bool
parse_tool(char **words, int count, struct ts_command *command, char *error, size_t error_size)
{
	const char *name = words[0];
	if (strcmp(words[1], "pen") == 0)
		command->tool = TS_TOOL_PEN;
	else if (strcmp(words[1], "eraser") == 0)
		command->tool = TS_TOOL_ERASER;
	else
		return fail(error, error_size, "%s: TOOL '%s' is not pen or eraser", name, words[1]);
	switch (command->kind) {
	case TS_COMMAND_TOOL_IN:
	case TS_COMMAND_TOOL_MOTION:
		if (!parse_finite(words[2], &command->x))
			return fail(error, error_size, "%s: X '%s' is not a finite number", name, words[2]);
		if (!parse_finite(words[3], &command->y))
			return fail(error, error_size, "%s: Y '%s' is not a finite number", name, words[3]);
		for (int w = 4; w < count;) {
			const char *axis = words[w];
			int values = strcmp(axis, "tilt") == 0 ? 2 : 1;
			if (strcmp(axis, "pressure") && strcmp(axis, "tilt") && strcmp(axis, "distance"))
				return fail(error, error_size, "%s: '%s' is not pressure, tilt or distance", name, axis);
			if (w + values >= count)
				return fail(error, error_size, "%s: %s needs %d value%s", name, axis, values,
					    values == 1 ? "" : "s");
			double a, b = 0;
			if (!parse_finite(words[w + 1], &a) || (values == 2 && !parse_finite(words[w + 2], &b)))
				return fail(error, error_size, "%s: %s: not a finite number", name, axis);
			if (strcmp(axis, "tilt") == 0) {
				if (fabs(a) > 90 || fabs(b) > 90)
					return fail(error, error_size, "%s: tilt is in degrees, -90 to 90", name);
				command->tilt_x = a;
				command->tilt_y = b;
				command->axes |= TS_AXIS_TILT;
			} else {
				if (a < 0 || a > 1)
					return fail(error, error_size, "%s: %s is 0 to 1, not %s", name, axis, words[w + 1]);
				if (strcmp(axis, "pressure") == 0) {
					command->pressure = a;
					command->axes |= TS_AXIS_PRESSURE;
				} else {
					command->distance = a;
					command->axes |= TS_AXIS_DISTANCE;
				}
			}
			w += 1 + values;
		}
		return true;
	case TS_COMMAND_TOOL_TIP:
		if (strcmp(words[2], "down") && strcmp(words[2], "up"))
			return fail(error, error_size, "%s: '%s' is not down or up", name, words[2]);
		command->tip_down = strcmp(words[2], "down") == 0;
		return true;
	case TS_COMMAND_TOOL_BUTTON: {
		int32_t code;
		if (!parse_int32(words[2], &code) || code < BTN_MISC || code > KEY_MAX)
			return fail(error, error_size, "%s: CODE '%s' is not a Linux button code", name, words[2]);
		command->code = (uint32_t)code;
		int state = parse_state(words[3]);
		if (state < 0)
			return fail(error, error_size, "%s: STATE '%s' is not press or release", name, words[3]);
		command->pressed = state == 1;
		return true;
	}
	default:
		return true;
	}
}

bool
ts_command_parse(char *line, struct ts_command *command, char *error, size_t error_size)
{
	char *words[MAX_WORDS + 1];
	int count = 0;
	memset(command, 0, sizeof *command);
	for (char *save, *word = strtok_r(line, " \t\r", &save); word; word = strtok_r(NULL, " \t\r", &save)) {
		if (count == MAX_WORDS + 1)
			return fail(error, error_size, "too many words (at most %d)", MAX_WORDS);
		words[count++] = word;
	}
	if (count == 0) {
		command->kind = TS_COMMAND_NONE;
		return true;
	}
	const char *name = words[0];
	size_t i;
	for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			break;
	if (i == sizeof commands / sizeof commands[0])
		return fail(error, error_size, "unknown command '%s'", name);
	bool variable = commands[i].kind == TS_COMMAND_TOOL_MOTION;
	if (variable ? count - 1 < commands[i].arguments : count - 1 != commands[i].arguments)
		return fail(error, error_size, "%s takes %d argument%s, not %d (usage: %s)", name,
			    commands[i].arguments, commands[i].arguments == 1 ? "" : "s", count - 1,
			    commands[i].usage);
	command->kind = commands[i].kind;
	command->name = commands[i].name;

	switch (command->kind) {
	case TS_COMMAND_DOWN:
	case TS_COMMAND_MOTION:
	case TS_COMMAND_UP:
		if (!parse_int32(words[1], &command->id))
			return fail(error, error_size, "%s: ID '%s' is not a 32-bit integer", name, words[1]);
		if (command->kind == TS_COMMAND_UP)
			break;
		/* fall through */
	case TS_COMMAND_POINTER:
	case TS_COMMAND_WATCH: {
		int first = command->kind == TS_COMMAND_DOWN || command->kind == TS_COMMAND_MOTION ? 2 : 1;
		if (!parse_finite(words[first], &command->x))
			return fail(error, error_size, "%s: X '%s' is not a finite number", name, words[first]);
		if (!parse_finite(words[first + 1], &command->y))
			return fail(error, error_size, "%s: Y '%s' is not a finite number", name, words[first + 1]);
		break;
	}
	case TS_COMMAND_BUTTON: {
		size_t b;
		for (b = 0; b < sizeof buttons / sizeof buttons[0]; b++)
			if (strcmp(buttons[b].name, words[1]) == 0)
				break;
		if (b == sizeof buttons / sizeof buttons[0])
			return fail(error, error_size, "button: BUTTON '%s' is not left, right or middle", words[1]);
		command->code = buttons[b].code;
		goto state;
	}
	case TS_COMMAND_KEY: {
		size_t k;
		int32_t code = -1;
		for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
			if (strcmp(keys[k].name, words[1]) == 0)
				code = (int32_t)keys[k].code;
		if (code < 0 && (!parse_int32(words[1], &code) || code < 0 || code > KEY_MAX))
			return fail(error, error_size,
				    "key: KEY '%s' is neither a known name nor a Linux key code", words[1]);
		command->code = (uint32_t)code;
		goto state;
	}
	case TS_COMMAND_SCREENSHOT:
	case TS_COMMAND_REQUESTS:
		command->text = words[1];
		break;
	case TS_COMMAND_TOUCH_CAPABILITY:
		if (strcmp(words[1], "on") && strcmp(words[1], "off"))
			return fail(error, error_size, "%s: '%s' is not on or off", name, words[1]);
		command->on = strcmp(words[1], "on") == 0;
		break;
	case TS_COMMAND_TOOL_IN:
	case TS_COMMAND_TOOL_MOTION:
	case TS_COMMAND_TOOL_TIP:
	case TS_COMMAND_TOOL_BUTTON:
	case TS_COMMAND_TOOL_OUT:
		return parse_tool(words, count, command, error, error_size);
	default:
		break;
	}
	return true;

state:;
	int state = parse_state(words[2]);
	if (state < 0)
		return fail(error, error_size, "%s: STATE '%s' is not press or release", name, words[2]);
	command->pressed = state == 1;
	return true;
}
