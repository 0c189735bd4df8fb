#include <libweston/libweston.h>
#include <wayland-server.h>
