// SPDX-License-Identifier: GPL-2.0-only
/*
 * POWER9 nest IMC counters: which configurations name an event, and how a
 * posted counter is read.
 */
#include <kunit/visibility.h>
#include <linux/bits.h>
#include <linux/bsearch.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/perf_event.h>
#include <asm/byteorder.h>

#include "p9-nest.h"

static int p9_nest_cmp(const void *key, const void *elt)
{
	unsigned int offset = *(const unsigned int *)key;
	const struct p9_nest_event *ev = elt;

	return offset < ev->offset ? -1 : offset > ev->offset;
}

/**
 * p9_nest_find() - the Table 6-10 event at a byte offset
 * @offset: byte offset in a chip's counter area
 *
 * Return: the event, or NULL for a "Free" slot, a slot the table does not
 * list, or an offset that is not a multiple of 8.
 */
const struct p9_nest_event *p9_nest_find(unsigned int offset)
{
	return bsearch(&offset, p9_nest_events, P9_NEST_EVENTS_NR,
		       sizeof(p9_nest_events[0]), p9_nest_cmp);
}
EXPORT_SYMBOL_IF_KUNIT(p9_nest_find);

/**
 * p9_nest_decode() - check a nest event's configuration
 * @attr: the event's attributes
 * @ev: set to the catalogue event
 * @why: set to a short reason when the configuration is refused
 *
 * Return: 0, or -EINVAL for reserved bits or an offset with no event.
 */
int p9_nest_decode(const struct perf_event_attr *attr,
		   const struct p9_nest_event **ev, const char **why)
{
	if ((attr->config & ~P9_NEST_CFG_OFFSET) || attr->config1 ||
	    attr->config2) {
		*why = "reserved config bits, or config1/config2 set";
		return -EINVAL;
	}
	*ev = p9_nest_find(attr->config);
	if (!*ev) {
		*why = "no default IMC event at this offset (Table 6-10)";
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(p9_nest_decode);

/**
 * p9_nest_read() - the value the microcode posted for an event
 * @area: the chip's counter area
 * @ev: the event
 *
 * The manual does not give the byte order of the posted counters; they
 * are read big-endian, the POWER9 chip's own order, whatever the kernel's.
 */
u64 p9_nest_read(const void *area, const struct p9_nest_event *ev)
{
	const __be64 *slot = area + ev->offset;

	return be64_to_cpu(READ_ONCE(*slot));
}
EXPORT_SYMBOL_IF_KUNIT(p9_nest_read);
