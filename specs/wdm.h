/* Constants of the Windows driver model that rules compare with (no C declarations: rules
   are not C). */
#ifndef SLIC_WDM_H
#define SLIC_WDM_H
#define STATUS_SUCCESS 0
#define STATUS_PENDING 0x103
#define PASSIVE_LEVEL 0
#define APC_LEVEL 1
#define DISPATCH_LEVEL 2
#endif
