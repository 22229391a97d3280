# SPDX-License-Identifier: GPL-2.0-only
#
# Build the suite's modules out of tree against a prepared kernel:
#   make [KDIR=/lib/modules/$(uname -r)/build] [ARCH=... CROSS_COMPILE=...]
# Kbuild itself reads ./Kbuild; this file only calls it.

KDIR ?= /lib/modules/$(shell uname -r)/build

all: modules

modules modules_install clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) $@

.PHONY: all modules modules_install clean
