#ifndef TOUCHSPOTS_WESTON_H
#define TOUCHSPOTS_WESTON_H

/*
 * touchspots-weston: a weston 10 module that gives a headless weston a touch seat and a
 * line-based control socket, so tests can inject touches and take screenshots.
 *
 * Load it with `weston --modules=/ABSOLUTE/PATH/libtouchspots-weston.so`. The control
 * channel is, in order of preference:
 *   TOUCHSPOTS_WESTON_CONTROL_FD=N  an already connected stream socket inherited as fd N;
 *   TOUCHSPOTS_WESTON_CONTROL=PATH  a Unix socket the module listens on (any number of
 *                                   connections, one command at a time each).
 *
 * Commands and replies: docs/harness-protocol.md (parsed by Sources/HarnessProtocol).
 * The seat has a pointer and a keyboard too unless TOUCHSPOTS_WESTON_TOUCH_ONLY is set.
 * Waiting commands time out after 10 s with an error.
 */

#endif
