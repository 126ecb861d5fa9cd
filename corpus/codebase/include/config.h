/* config.h — build configuration, force-included with -include (see compile_commands.json). */
#define SERIAL_FIFO 16
