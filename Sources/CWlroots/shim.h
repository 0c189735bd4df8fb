#define WLR_USE_UNSTABLE
#include <wlr/backend.h>
