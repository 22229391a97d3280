// SPDX-License-Identifier: GPL-2.0-only
/*
 * format/ and events/ files (include/pmu-suite/format.h, events.h): a
 * field prints its bits from its mask, an event its values of the fields.
 */
#include <linux/bitops.h>
#include <linux/export.h>
#include <linux/string.h>
#include <pmu-suite/events.h>
#include <pmu-suite/format.h>

#include "internal.h"

/**
 * pmu_format_show() - print a PMU_FORMAT_FIELD() file: "config1:0-43"
 * @dev: the PMU's device
 * @attr: the file
 * @page: the buffer
 */
ssize_t pmu_format_show(struct device *dev, struct device_attribute *attr,
			char *page)
{
	static const char * const words[] = { "config", "config1", "config2" };
	const struct pmu_field *f = pmu_format_field(&attr->attr);
	unsigned int lo = __ffs64(f->bits), hi = fls64(f->bits) - 1;

	if (f->word >= ARRAY_SIZE(words))
		return -EINVAL;
	if (lo == hi)
		return sysfs_emit(page, "%s:%u\n", words[f->word], lo);
	return sysfs_emit(page, "%s:%u-%u\n", words[f->word], lo, hi);
}
EXPORT_SYMBOL_GPL(pmu_format_show);

static int pmu_format_digits(u64 bits)
{
	return DIV_ROUND_UP(hweight64(bits), 4);
}

/* The field of @format printed as @print (PMU_FIELD_EVENT, _UMASK). */
static const struct pmu_field *pmu_format_find(struct attribute **format,
					       u8 print)
{
	for (; *format; format++)
		if (pmu_format_field(*format)->print == print)
			return pmu_format_field(*format);
	return NULL;
}

/**
 * pmu_format_print() - an events/ file's text for @config
 * @format: the PMU's format/ list, of PMU_FORMAT_FIELD()s
 * @config: the event's config
 * @page: the buffer, a page
 *
 * "event=0x.." and ",umask=0x.." zero-padded to their fields' widths,
 * then ",name=0x.." for each PMU_FIELD_ALIAS field @config sets.
 *
 * Return: the length.
 */
int pmu_format_print(struct attribute **format, u64 config, char *page)
{
	const struct pmu_field *ev = pmu_format_find(format, PMU_FIELD_EVENT);
	const struct pmu_field *um = pmu_format_find(format, PMU_FIELD_UMASK);
	const struct pmu_field *f;
	int len = 0;

	if (ev)
		len = sysfs_emit(page, "event=0x%0*llx",
				 pmu_format_digits(ev->bits),
				 pmu_field_get(ev, config));
	if (um)
		len += sysfs_emit_at(page, len, ",umask=0x%0*llx",
				     pmu_format_digits(um->bits),
				     pmu_field_get(um, config));
	for (; *format; format++) {
		f = pmu_format_field(*format);
		if (f->print == PMU_FIELD_ALIAS && (config & f->bits))
			len += sysfs_emit_at(page, len, ",%s=0x%llx",
					     (*format)->name,
					     pmu_field_get(f, config));
	}
	return len + sysfs_emit_at(page, len, "\n");
}
EXPORT_SYMBOL_GPL(pmu_format_print);
